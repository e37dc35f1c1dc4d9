"""Session state: cookies, storage and the browser-context options a session starts with."""
