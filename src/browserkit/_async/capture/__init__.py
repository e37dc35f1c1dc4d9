"""Capturing what a page shows, out of the page's reach.

The outline of a tab with its change stamp and the baselines diffs are made
from, the isolated and utility worlds browserkit reads in, and the arrival of
a page that just loaded.
"""
