"""Recording: traces, HAR files and videos, without their secrets."""
