"""Playing an arena on Ray (the optional extra ``arena``: ``pip install 'mahjong_rules[arena]'``).

:func:`play_on_ray` hands the blocks of deals (:func:`~mahjong_rules.arena.schedule.blocks`) to
Ray tasks, each :func:`~mahjong_rules.arena.play.play_block` on one CPU, and yields each block
as it ends. Every hand is fixed by its deal and rotation, and the standings add up exactly,
so the figures are the same for any number of workers and the same as a serial run.

Where Ray runs:

* ``address=None`` (the default): if this process is not yet connected to Ray, a local Ray is
  started for the run with ``workers`` CPUs (default: every core) and shut down at the end;
* ``address="auto"`` (a cluster started on this machine with ``ray start``) or
  ``"ray://HOST:PORT"`` (Ray Client): the run joins that cluster, ``workers`` blocks at a time
  (default: the cluster's CPUs), and disconnects at the end. Every node needs this library
  (and the bots the lineup names, and the variant's plugin) installed in its Python;
* a process already connected (``ray.init()`` called by the caller) is used as it is, and
  left connected.

This module imports Ray only when :func:`play_on_ray` is called: the library never needs it.
"""

from __future__ import annotations

import importlib
import logging
import os
from collections.abc import Iterator
from typing import Any

from mahjong_rules.arena.bots import ArenaError
from mahjong_rules.arena.play import Block, play_block
from mahjong_rules.arena.schedule import Arena, blocks
from mahjong_rules.errors import MahjongRulesError

__all__ = ["import_ray", "play_on_ray"]


def import_ray() -> Any:
    """The ``ray`` module, or :class:`~mahjong_rules.arena.bots.ArenaError` saying how to get
    it."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise ArenaError(
            "the arena's workers run on Ray, which is not installed: "
            "pip install 'mahjong_rules[arena]' (or play without workers: --serial)"
        ) from None


def play_on_ray(
    arena: Arena,
    *,
    workers: int | None = None,
    address: str | None = None,
    block_size: int = 25,
    keep: bool = False,
) -> Iterator[Block]:
    """Play every deal of ``arena`` on Ray (see the module's docstring), yielding each block
    as it ends (in the order they end). Ray is disconnected (and a Ray it started, stopped)
    when the iteration ends, however it ends."""
    if workers is not None and workers < 1:
        raise ArenaError(f"workers must be 1 or more, got {workers}")
    arena.factories()  # an unknown bot fails here, before Ray starts
    ray = import_ray()
    started = not ray.is_initialized()
    if started:
        _connect(ray, workers, address)
    pending: list[Any] = []
    try:
        slots = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
        task = ray.remote(num_cpus=1, max_retries=0)(play_block)
        arena_ref = ray.put(arena)
        todo = list(reversed(blocks(arena.deals, block_size)))
        while todo or pending:
            while todo and len(pending) < slots:
                start, stop = todo.pop()
                pending.append(task.remote(arena_ref, start, stop, keep=keep))
            done, pending = ray.wait(pending, num_returns=1)
            yield _result(ray, done[0])
    finally:
        for ref in pending:  # stopped early (an error, Ctrl-C): the cluster's work is dropped
            ray.cancel(ref, force=True)
        if started:
            ray.shutdown()


def _connect(ray: Any, workers: int | None, address: str | None) -> None:
    quiet = {"logging_level": logging.ERROR, "log_to_driver": False}
    try:
        if address is None:
            cpus = workers or os.cpu_count() or 1
            # "local": a new Ray of our own, even if a cluster runs on this machine
            ray.init(address="local", num_cpus=cpus, include_dashboard=False, **quiet)
        else:
            ray.init(address=address, **quiet)
    except Exception as exc:  # Ray's own errors (no cluster at the address, ...)
        ray.shutdown()
        where = "a local Ray" if address is None else f"Ray at {address!r}"
        raise ArenaError(f"cannot start {where}: {type(exc).__name__}: {exc}") from None


def _result(ray: Any, ref: Any) -> Block:
    """A finished task's block; a task that failed raises its error here: the library's own
    error as it is, anything else as an :class:`ArenaError`."""
    try:
        block: Block = ray.get(ref)
    except Exception as exc:
        cause = getattr(exc, "cause", None) or exc
        if isinstance(cause, MahjongRulesError):
            raise cause from None
        raise ArenaError(f"a worker failed: {type(cause).__name__}: {cause}") from None
    return block
