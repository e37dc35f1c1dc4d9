"""Recording a session: Playwright traces, HAR files, videos, and the steps of a script."""
