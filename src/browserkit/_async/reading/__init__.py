"""Reading: looking at the page without changing it.

The outline (snapshot, find, screenshot), the DOM, ``scan()`` and Markdown.
"""
