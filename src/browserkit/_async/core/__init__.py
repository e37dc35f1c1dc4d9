"""The session core: what every capability of a session shares.

The core itself (context, tabs, config, buffers, the checks and timeouts every
call makes), one tab's state, the session's events, the one loading policy,
the page scripts browserkit runs, and reaching Chromium (a local launch, CDP,
the endpoint pool).
"""
