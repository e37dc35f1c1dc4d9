"""Targeting: turning a target (ref, selector, point) into exactly one element.

Refs bound to their document, picked refs, the hit check of pointer actions,
why an element cannot be acted on, and the stable locator of an element.
"""
