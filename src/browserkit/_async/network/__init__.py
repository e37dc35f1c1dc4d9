"""Network control: routes, offline, throttling, the domain fence's proxy, and request detail."""
