"""The suite tests the library and the games it ships, whatever else the machine has installed.

A variant plugin installed on the machine (``examples/toy_variant``, which CI installs, or any
other package with a ``mahjong_rules.variants`` entry point) would otherwise appear in every
listing the tests pin (``available_variants()``, the ``variants`` command, the unknown-name
message, the rooms the strategies draw). So each test sees the registry without the installed
plugins, as if none were installed; a test marked ``installed_plugins`` sees them as a user
does (``tests/test_toy_variant.py``). Variants a test registers itself are forgotten after it.
"""

from __future__ import annotations

from collections.abc import Iterator
from importlib import metadata

import pytest

from mahjong_rules.variants import registry


def _plugin_packages() -> frozenset[str]:
    """The top-level packages the installed entry points of the variant group name."""
    return frozenset(
        entry.value.split(":")[0].split(".")[0]
        for entry in metadata.entry_points(group=registry.ENTRY_POINT_GROUP)
    )


PLUGIN_PACKAGES = _plugin_packages()


@pytest.fixture(autouse=True)
def _no_installed_plugins(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    """The registry as it is with no plugin installed (unless ``installed_plugins``)."""
    if request.node.get_closest_marker("installed_plugins") is None:
        kept = {
            key: cls
            for key, cls in registry._REGISTRY.items()
            if cls.__module__.split(".")[0] not in PLUGIN_PACKAGES
        }
        monkeypatch.setattr(registry, "_REGISTRY", kept)
        monkeypatch.setattr(registry, "_entry_points_loaded", True)
        monkeypatch.setattr(registry, "_BROKEN", [])
    yield
