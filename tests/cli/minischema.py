"""A tiny JSON Schema validator: just the keywords docs/record.schema.json uses.

``jsonschema`` is not a dependency of the project; this covers type, const, enum, pattern,
minimum/maximum, minItems/maxItems, items, prefixItems, properties, required,
additionalProperties (false), $ref into $defs, anyOf and oneOf. Unknown keywords raise, so the
schema cannot quietly grow past what is checked.
"""

from __future__ import annotations

import re
from typing import Any

_TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}
_NOTES = {"$schema", "$id", "$defs", "title", "description"}


def errors(value: Any, schema: dict[str, Any], root: dict[str, Any], path: str = "$") -> list[str]:
    out: list[str] = []
    for key, rule in schema.items():
        if key in _NOTES:
            continue
        if key == "$ref":
            name = rule.removeprefix("#/$defs/")
            out += errors(value, root["$defs"][name], root, path)
        elif key == "type":
            kinds = rule if isinstance(rule, list) else [rule]
            if not any(_TYPES[k](value) for k in kinds):
                return [f"{path}: expected {rule}, got {type(value).__name__}"]
        elif key == "const":
            if value != rule or type(value) is not type(rule):
                out.append(f"{path}: expected {rule!r}")
        elif key == "enum":
            if not any(value == r and type(value) is type(r) for r in rule):
                out.append(f"{path}: {value!r} not in enum")
        elif key == "pattern":
            if isinstance(value, str) and not re.search(rule, value):
                out.append(f"{path}: {value!r} does not match {rule}")
        elif key == "minimum":
            if _TYPES["number"](value) and value < rule:
                out.append(f"{path}: {value} < {rule}")
        elif key == "maximum":
            if _TYPES["number"](value) and value > rule:
                out.append(f"{path}: {value} > {rule}")
        elif key == "minItems":
            if isinstance(value, list) and len(value) < rule:
                out.append(f"{path}: fewer than {rule} items")
        elif key == "maxItems":
            if isinstance(value, list) and len(value) > rule:
                out.append(f"{path}: more than {rule} items")
        elif key == "prefixItems":
            if isinstance(value, list):
                for i, (item, sub) in enumerate(zip(value, rule, strict=False)):
                    out += errors(item, sub, root, f"{path}[{i}]")
        elif key == "items":
            if isinstance(value, list):
                start = len(schema.get("prefixItems", ()))
                for i, item in enumerate(value[start:], start):
                    out += errors(item, rule, root, f"{path}[{i}]")
        elif key == "properties":
            if isinstance(value, dict):
                for name, sub in rule.items():
                    if name in value:
                        out += errors(value[name], sub, root, f"{path}.{name}")
        elif key == "required":
            if isinstance(value, dict):
                out += [f"{path}: missing {name!r}" for name in rule if name not in value]
        elif key == "additionalProperties":
            assert rule is False, "only additionalProperties: false is supported"
            if isinstance(value, dict):
                extra = set(value) - set(schema.get("properties", {}))
                out += [f"{path}: unexpected {name!r}" for name in sorted(extra)]
        elif key in ("anyOf", "oneOf"):
            passing = sum(1 for sub in rule if not errors(value, sub, root, path))
            if passing == 0 or (key == "oneOf" and passing > 1):
                out.append(f"{path}: {passing} of the {key} branches match")
        else:
            raise KeyError(f"minischema does not support the keyword {key!r}")
    return out
