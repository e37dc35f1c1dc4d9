"""Navigation: loading pages, moving through history, and a session's tabs."""
