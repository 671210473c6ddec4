"""Sphinx extension: API entries that carry their description in data rather than a docstring.

Two kinds of public name say what they are in the code itself, not in a docstring:

* a room option (a field of an :class:`~mahjong_rules.variants.options.Options` class) carries
  its description in the field's ``"doc"`` metadata, the text the options tables and
  ``Options.describe()`` show. An option's entry without a docstring gets that text, its default
  and the values it allows;
* a scoring pattern (a :class:`~mahjong_rules.scoring.pattern.Pattern` subclass) sets its key
  and default fan as class attributes. Its class entry gets both, as a field list; the pages
  leave out the attributes and methods it merely overrides (:data:`PATTERN_MEMBERS`), which the
  base class :class:`~mahjong_rules.scoring.pattern.Pattern` describes once.

A class attribute whose value is a class (``options_class = Options``) is one autodoc writes as
"alias of Options", as if it were a type alias; :func:`class_valued_attributes` writes it like
the other class attributes instead, its annotation and value in the signature
(``options_class: ClassVar[type[Options]] = Options``); one without a docstring of its own
(``Baoshan.options_class``) says "Set to BaoshanOptions.".
"""

from __future__ import annotations

import importlib
from typing import Any, cast

import attrs
from docutils import nodes  # type: ignore[import-untyped, unused-ignore]
from options_table import _default, allowed_text
from sphinx import addnodes
from sphinx.application import Sphinx

from mahjong_rules.scoring.pattern import Pattern
from mahjong_rules.variants.options import Options

__all__ = ["PATTERN_MEMBERS", "class_valued_attributes", "describe_data", "find_object", "setup"]

PATTERN_MEMBERS = ("key", "name_zh", "pinyin", "default_fan", "applies", "count", "replaces")
"""What every pattern class sets or overrides, described once on :class:`Pattern`: the pattern
pages list them in ``:exclude-members:`` (a test checks that they do)."""


def find_object(dotted: str) -> Any:
    """The object a dotted name ``package.module.Class.attr`` names, or ``None``."""
    parts = dotted.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        for part in parts[i:]:
            obj = getattr(obj, part, None)
            if obj is None:
                return None
        return obj
    return None


def _is_pattern(obj: Any) -> bool:
    return isinstance(obj, type) and issubclass(obj, Pattern) and "key" in vars(obj)


def describe_data(
    app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    """``autodoc-process-docstring`` handler: describe options and patterns from their data."""
    if what == "attribute" and not any(line.strip() for line in lines):
        owner_name, _, field_name = name.rpartition(".")
        owner = find_object(owner_name)
        if isinstance(owner, type) and issubclass(owner, Options) and attrs.has(owner):
            field = attrs.fields_dict(owner).get(field_name)
            if field is not None and field.metadata.get("doc"):
                default = _default(field, field.default)
                allowed = allowed_text(cast("type[Options]", owner), field)
                lines[:] = [
                    str(field.metadata["doc"]),
                    "",
                    f"Default ``{default!r}``" + (f"; allowed: {allowed}." if allowed else "."),
                ]
    elif what == "class" and _is_pattern(obj):
        lines.extend(["", f":Key: ``{obj.key}``", f":Default fan: {obj.default_fan}"])


def _annotation(dotted: str) -> str | None:
    """The annotation of class attribute ``package.module.Class.attr`` as written in the source
    (looked up along the class's MRO), or ``None``."""
    owner_name, _, attr = dotted.rpartition(".")
    owner = find_object(owner_name)
    if not isinstance(owner, type):
        return None
    for cls in owner.__mro__:
        annotation = vars(cls).get("__annotations__", {}).get(attr)
        if annotation is not None:
            return str(annotation)  # a string: the modules use postponed annotations
    return None


def class_valued_attributes(app: Sphinx, doctree: nodes.document) -> None:
    """``doctree-read`` handler: an attribute entry whose body says "alias of X" gets
    ``: annotation = X`` in its signature instead (see the module docs)."""
    for desc in doctree.findall(addnodes.desc):
        if desc.get("objtype") != "attribute":
            continue
        signatures = [n for n in desc.children if isinstance(n, addnodes.desc_signature)]
        content = next((n for n in desc.children if isinstance(n, addnodes.desc_content)), None)
        if not signatures or content is None:
            continue
        for para in [n for n in content.children if isinstance(n, nodes.paragraph)]:
            first = para.children[0] if para.children else None
            refs = [n for n in para.children if isinstance(n, addnodes.pending_xref)]
            if not (isinstance(first, nodes.Text) and first.astext() == "alias of ") or not refs:
                continue
            signature = signatures[0]
            ids = signature.get("ids")
            annotation = _annotation(ids[0]) if ids else None
            if annotation:
                signature += addnodes.desc_annotation(
                    "",
                    "",
                    addnodes.desc_sig_punctuation("", ":"),
                    addnodes.desc_sig_space(),
                    nodes.Text(annotation),
                )
            signature += addnodes.desc_annotation(
                "",
                "",
                addnodes.desc_sig_space(),
                addnodes.desc_sig_punctuation("", "="),
                addnodes.desc_sig_space(),
                refs[0].deepcopy(),
            )
            content.remove(para)
            if not any(isinstance(n, nodes.paragraph) for n in content.children):
                # no docstring of its own (a subclass setting the value): say what it is set to
                content += nodes.paragraph("", "", nodes.Text("Set to "), refs[0], nodes.Text("."))
            break


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("autodoc-process-docstring", describe_data)
    app.connect("doctree-read", class_valued_attributes)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
