"""Session state: storage, cookies and emulation."""
