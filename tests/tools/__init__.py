"""Front ends: the tool registry, the MCP server, the command line and the framework
integrations."""
