"""Targeting: refs, selectors and points turned into one element, hit checks and locators."""
