"""The base of every result model, and the result models built from the engine's records."""

from __future__ import annotations

import dataclasses
import sys
import types
import typing
from typing import Annotated, Any, Union

from pydantic import BaseModel, ConfigDict, Field, create_model


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)


_MODELS: dict[type, type[BaseModel]] = {}


def model_of(record: type, name: str) -> type[BaseModel]:
    """The result model of an engine record (xbrl/records.py): the record's fields in order, their types (a nested record
    becomes its model), defaults and ``Describe`` descriptions, and its docstring. One definition, two forms: the
    engine and the warm path build the record without pydantic; the faces validate it into this model for the JSON
    schema and ``--json``. Records a field names must have their model made first."""
    hints = typing.get_type_hints(record, include_extras=True)
    defs: dict[str, Any] = {}
    for f in dataclasses.fields(record):
        annotation, description = _split(hints[f.name])
        kwargs: dict[str, Any] = {}
        if f.default is not dataclasses.MISSING:
            kwargs["default"] = f.default
        elif f.default_factory is not dataclasses.MISSING:
            kwargs["default_factory"] = f.default_factory
        if description is not None:
            kwargs["description"] = description
        defs[f.name] = (_swap(annotation), Field(**kwargs) if kwargs else ...)
    module = sys._getframe(1).f_globals["__name__"]  # the module that names the model (repr, pickling)
    model = create_model(name, __base__=_Model, __doc__=record.__doc__, __module__=module, **defs)
    _MODELS[record] = model
    return model


def _split(annotation: Any) -> tuple[Any, str | None]:
    from ..xbrl.records import Describe

    if typing.get_origin(annotation) is Annotated:
        base, *extras = typing.get_args(annotation)
        described = [e for e in extras if isinstance(e, Describe)]
        return base, (str(described[0]) if described else None)
    return annotation, None


def _swap(annotation: Any) -> Any:
    """The annotation with every record type replaced by its model (``list[FactRecord]`` -> ``list[FactValue]``)."""
    if annotation in _MODELS:
        return _MODELS[annotation]
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if not args or origin is typing.Literal:
        return annotation
    swapped = tuple(_swap(a) for a in args)
    if swapped == args:
        return annotation
    if origin in (Union, types.UnionType):
        return Union[swapped]  # noqa: UP007 (built from a tuple)
    return origin[swapped if len(swapped) > 1 else swapped[0]]
