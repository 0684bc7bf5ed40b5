"""The Python API (edgar_cli.__all__): every capability the registry declares, its result type, EdgarError.

Checked as httpx checks its own __all__: the names are exactly these, each resolves, and importing the
package loads none of them.
"""

from __future__ import annotations

import subprocess
import sys
import typing

import edgar_cli
from edgar_cli.capabilities import registry


def test_every_declared_capability_and_its_result_type_is_in_the_public_api():
    names = set(edgar_cli.__all__)
    for t in registry.tools():
        assert t.name in names, t.name
        result = typing.get_type_hints(registry.function(t))["return"]
        assert result.__name__ in names, (t.name, result.__name__)
        assert getattr(edgar_cli, result.__name__) is result


def test_every_public_name_resolves_to_what_its_module_defines():
    for name in edgar_cli.__all__:
        assert getattr(edgar_cli, name) is not None, name
    assert edgar_cli.get_financial_concept.__name__ == "get_financial_concept"
    assert issubclass(edgar_cli.EdgarError, Exception)


def test_nothing_outside_the_api_is_exported_and_dir_lists_it():
    extra = set(edgar_cli.__all__) - {"__version__"} - {t.name for t in registry.tools()}
    assert all(name[0].isupper() for name in extra), sorted(extra)  # the rest are types
    assert dir(edgar_cli) == sorted(edgar_cli.__all__)


def test_importing_the_package_loads_no_capability_pydantic_or_http_client():
    code = (
        "import sys, edgar_cli; "
        "print(sorted(m for m in sys.modules if m.startswith(('pydantic', 'httpx', 'edgar_cli.capabilities'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_all_lists_exactly_the_names_the_lazy_table_resolves():
    assert edgar_cli.__all__ == ["__version__", *edgar_cli._API]


def test_a_result_type_built_from_a_record_lives_in_the_module_that_names_it():
    assert edgar_cli.ConceptResult.__module__ == "edgar_cli.capabilities.concept.model"
    assert edgar_cli.FactValue.__module__ == "edgar_cli.models.facts"
