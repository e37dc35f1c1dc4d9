"""People: a person watching a session, pointing at an element, or taking over.

The live view (its HTTP, its input and the screencast), ``pick()`` and handoffs.
"""
