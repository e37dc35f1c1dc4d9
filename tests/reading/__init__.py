"""Reading: snapshots, find, Markdown, scan and the page scripts that read."""
