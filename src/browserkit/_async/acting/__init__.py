"""Acting: changing the page like a user would, and waiting for it to settle.

The action pipeline and the actions it runs, raw input, dialogs, settling,
styles, the caller's JavaScript and ``wait_for()``.
"""
