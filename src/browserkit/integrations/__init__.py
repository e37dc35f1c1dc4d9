"""Agent frameworks: the tool registry as each framework's own tools, one module per framework.

Each module is a thin view of :mod:`browserkit.tools` (no tool is written
twice) and needs its framework, installed with the extra of its name::

    pip install "browserkit[openai-agents]"   # browserkit.integrations.openai_agents
    pip install "browserkit[pydantic-ai]"     # browserkit.integrations.pydantic_ai
    pip install "browserkit[langchain]"       # browserkit.integrations.langchain
    pip install "browserkit[adk]"             # browserkit.integrations.google_adk

Importing a module whose framework is missing raises ``ImportError`` naming
the extra. This package imports none of them.
"""
