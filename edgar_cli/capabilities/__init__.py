"""The capabilities: one folder each (its functions, result model and declaration), listed in registry.py.

Importing this package loads only the registry (stdlib), and lends vocabulary the CLI commands the
declarations name, read when a message first spells one.
"""

from .. import vocabulary
from . import registry

vocabulary.use_commands(registry.commands)
