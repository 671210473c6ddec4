"""REINFORCE with NumPy alone: a linear softmax policy learns Sichuan's 定缺 and discards.

Seat 0 of ``mahjong_rules.rl.env("sichuan")`` is the learner, the other three seats are
:class:`~mahjong_rules.bots.GreedyBot`. The learner chooses its 定缺 (dìngquē: the void suit and
the tile set aside) and every discard of a turn that offers nothing else; a win, a kong, a
claim or a pass it leaves to a GreedyBot of its own. Its policy is a linear softmax over the
legal actions, ``p(a) ∝ exp(θ · φ(a))``, with ``φ(a)`` eleven numbers about action ``a`` read
from its observation (:data:`FEATURES`). It is trained by REINFORCE on the hand's reward (its
delta with the pot shared out), the batch's mean as the baseline, and starts from θ = 0: a
uniformly random choice.

It prints, every batch, the batch's mean reward, and at the end each policy's mean reward over
the same evaluation deals (the random start, the trained policy, GreedyBot in its seat), and
writes the learning curve as an SVG picture (``curve.svg`` beside it; ``--out`` to change)::

    python examples/rl_reinforce/train.py [--hands 3000] [--batch 50] [--eval 300]
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from mahjong_rules.bots import GreedyBot
from mahjong_rules.engine.action_ids import id_sections
from mahjong_rules.rl import raw_env
from mahjong_rules.rl.aec import MahjongEnv

Vector = npt.NDArray[np.float64]
FEATURES = (
    "discard: copies of the tile held",
    "discard: copies of its neighbours (rank ± 1) held",
    "discard: copies of rank ± 2 held",
    "discard: the tile is of the void suit",
    "discard: copies of the tile in the ponds",
    "discard: a terminal (1 or 9)",
    "discard: tiles of its suit held",
    "discard: held alone, no neighbour within 2",
    "void: tiles of the suit held",
    "void: pairs of the suit held",
    "void: copies of the tile set aside held",
)


class Policy:
    """A linear softmax over the legal actions: ``logit(a) = θ · φ(a)``, with ``φ(a)`` a few
    numbers about action ``a`` read from the observation (:data:`FEATURES`)."""

    def __init__(self, game: MahjongEnv) -> None:
        spans = {name: (start, size) for name, start, size in game.observer.sections}
        self.hand = spans["hand"][0]
        self.ponds = [spans[f"seat{k}.pond"][0] for k in range(game.rules.players)]
        first, _ = game.observer.planes.spans["own_variant.void"]  # 定缺: its void suit
        self.void = spans["variant"][0] + first
        ids = {name: (first, size) for name, first, size in id_sections(game.rules)}
        self.discards = ids["discard"][0]
        self.voids = ids["void"][0]
        self.rules = game.rules
        self.theta = np.zeros(len(FEATURES))

    def phi(self, obs: npt.NDArray[np.float32], legal: npt.NDArray[np.intp]) -> Vector:
        """The features of each legal action, one row each."""
        hand = obs[self.hand : self.hand + 27].astype(np.float64)
        padded = np.concatenate([np.zeros(2), hand[:9], np.zeros(4), hand[9:18]])
        padded = np.concatenate([padded, np.zeros(4), hand[18:27], np.zeros(2)])
        # padded[i + 2 + 4 * suit]: the hand with two empty places either side of each suit
        ponds = np.sum([obs[p : p + 27] for p in self.ponds], axis=0)
        void = obs[self.void : self.void + 3]
        rows = np.zeros((len(legal), len(FEATURES)))
        for row, i in enumerate(legal):
            action: Any = self.rules.action_from_id(0, int(i))
            if i < self.voids:  # a discard
                t = action.tile.index
                suit, at = divmod(t, 9)
                c = t + 2 + 4 * suit
                near = padded[c - 1] + padded[c + 1]
                far = padded[c - 2] + padded[c + 2]
                rows[row, :8] = (
                    hand[t],
                    near,
                    far,
                    void[suit],
                    ponds[t],
                    at in (0, 8),
                    hand[9 * suit : 9 * suit + 9].sum(),
                    hand[t] == 1 and near + far == 0,
                )
            else:  # 定缺: DeclareVoid(suit, aside)
                suit = "mps".index(action.suit.value)
                held = hand[9 * suit : 9 * suit + 9]
                aside = 0.0 if action.aside is None else hand[action.aside.index]
                rows[row, 8:] = (held.sum(), (held >= 2).sum(), aside)
        return rows

    def probs(self, rows: Vector) -> Vector:
        logits = rows @ self.theta
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()  # type: ignore[no-any-return]


def learner_decides(game: MahjongEnv, legal: npt.NDArray[np.intp]) -> bool:
    """Whether the learner chooses here: 定缺, or a turn whose only actions are discards."""
    sections = {name: (first, size) for name, first, size in id_sections(game.rules)}
    for name in ("discard", "void"):
        first, size = sections[name]
        if ((legal >= first) & (legal < first + size)).all():
            return True
    return False


def play(
    game: MahjongEnv,
    seed: int,
    choose: Callable[[npt.NDArray[np.float32], npt.NDArray[np.intp]], int] | None,
    greedy: GreedyBot,
) -> float:
    """One hand from ``seed``: seat 0 chooses by ``choose`` where it decides (``None``: a
    GreedyBot everywhere); its reward."""
    game.reset(seed=seed)
    total = 0.0
    rules = game.rules
    while game.agents:
        agent = game.agent_selection
        obs, reward, done, cut, _ = game.last()
        if agent == "seat_0":
            total += reward
        if done or cut:
            game.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        if agent == "seat_0" and choose is not None and learner_decides(game, legal):
            game.step(choose(obs["observation"], legal))
        else:
            seat = int(agent[5:])
            action = greedy.choose(rules.view(game.hand_state, seat))
            game.step(rules.action_id(action))
    return total


def svg_curve(points: list[tuple[float, float]], lines: dict[str, float], title: str) -> str:
    """A learning curve as SVG text: the points joined, and a dashed level line for each of
    ``lines`` (labelled); ``title`` is one line, or two separated by a newline."""
    width, height, pad = 640, 380, 56
    xs = [x for x, _ in points]
    ys = [y for _, y in points] + list(lines.values())
    x0, x1 = min(xs), max(xs) or 1.0
    y0, y1 = min(ys), max(ys)
    y0, y1 = y0 - 0.1 * (y1 - y0 or 1), y1 + 0.1 * (y1 - y0 or 1)

    def sx(x: float) -> float:
        return pad + (x - x0) / ((x1 - x0) or 1) * (width - 2 * pad)

    def sy(y: float) -> float:
        return height - pad - (y - y0) / (y1 - y0) * (height - 2 * pad)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        *(
            f'<text x="{width / 2}" y="{18 + 16 * k}" text-anchor="middle" font-size="13">'
            f"{escape(line)}</text>"
            for k, line in enumerate(title.splitlines())
        ),
        f'<line x1="{pad}" y1="{height - pad}" x2="{width - pad}" y2="{height - pad}" '
        'stroke="black"/>',
        f'<line x1="{pad}" y1="{pad}" x2="{pad}" y2="{height - pad}" stroke="black"/>',
        f'<text x="{width / 2}" y="{height - 12}" text-anchor="middle">hands played</text>',
        f'<text x="14" y="{height / 2}" transform="rotate(-90 14 {height / 2})" '
        'text-anchor="middle">mean reward per hand</text>',
    ]
    for k in range(5):
        y = y0 + (y1 - y0) * k / 4
        parts.append(
            f'<text x="{pad - 6}" y="{sy(y) + 4:.1f}" text-anchor="end">{y:.2f}</text>'
            f'<line x1="{pad - 3}" y1="{sy(y):.1f}" x2="{pad}" y2="{sy(y):.1f}" stroke="black"/>'
        )
    for k in range(5):
        x = x0 + (x1 - x0) * k / 4
        parts.append(
            f'<text x="{sx(x):.1f}" y="{height - pad + 16}" text-anchor="middle">{x:.0f}</text>'
        )
    colours = ["#c0392b", "#2c7fb8", "#7f7f7f"]
    for (name, level), colour in zip(lines.items(), colours, strict=False):
        parts.append(
            f'<line x1="{pad}" y1="{sy(level):.1f}" x2="{width - pad}" y2="{sy(level):.1f}" '
            f'stroke="{colour}" stroke-dasharray="6 4"/>'
            f'<text x="{width - pad - 4}" y="{sy(level) - 5:.1f}" text-anchor="end" '
            f'fill="{colour}">{name} {level:+.2f}</text>'
        )
    path = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y in points)
    parts.append(f'<polyline points="{path}" fill="none" stroke="#238b45" stroke-width="2"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000, help="training hands")
    parser.add_argument("--batch", type=int, default=50, help="hands per update")
    parser.add_argument("--lr", type=float, default=0.5)
    parser.add_argument("--eval", type=int, default=300, help="evaluation hands per policy")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("curve.svg"))
    args = parser.parse_args(argv)
    game = raw_env("sichuan")
    policy = Policy(game)
    greedy = GreedyBot()
    rng = np.random.default_rng(args.seed)
    started = time.perf_counter()

    def sample(obs: npt.NDArray[np.float32], legal: npt.NDArray[np.intp]) -> int:
        rows = policy.phi(obs, legal)
        p = policy.probs(rows)
        k = int(rng.choice(len(legal), p=p))
        trace.append(rows[k] - p @ rows)  # the gradient of log p[k]
        return int(legal[k])

    def best(obs: npt.NDArray[np.float32], legal: npt.NDArray[np.intp]) -> int:
        return int(legal[int(np.argmax(policy.phi(obs, legal) @ policy.theta))])

    def uniform(obs: npt.NDArray[np.float32], legal: npt.NDArray[np.intp]) -> int:
        return int(legal[int(rng.integers(len(legal)))])

    evaluation = range(10**6, 10**6 + args.eval)  # the same deals for every policy
    levels = {
        "random": float(np.mean([play(game, s, uniform, greedy) for s in evaluation])),
        "GreedyBot": float(np.mean([play(game, s, None, greedy) for s in evaluation])),
    }
    print(f"before training: random {levels['random']:+.3f}, GreedyBot {levels['GreedyBot']:+.3f}")
    curve: list[tuple[float, float]] = []
    trace: list[Vector] = []
    hand = 0
    while hand < args.hands:
        grad = np.zeros_like(policy.theta)
        batch: list[tuple[float, list[Vector]]] = []
        for _ in range(args.batch):
            trace = []
            reward = play(game, args.seed * 10**7 + hand, sample, greedy)
            batch.append((reward, trace))
            hand += 1
        rewards = np.array([r for r, _ in batch])
        scale = rewards.std() or 1.0
        for reward, steps in batch:
            advantage = (reward - rewards.mean()) / scale
            for g in steps:
                grad += advantage * g
        policy.theta += args.lr * grad / args.batch
        curve.append((hand, float(rewards.mean())))
        window = [y for _, y in curve[-10:]]
        print(f"hands {hand:5d}: batch mean {rewards.mean():+.3f}, last 10 {np.mean(window):+.3f}")
    levels["trained"] = float(np.mean([play(game, s, best, greedy) for s in evaluation]))
    took = time.perf_counter() - started
    smooth = [
        (x, float(np.mean([y for _, y in curve[max(0, i - 9) : i + 1]])))
        for i, (x, _) in enumerate(curve)
    ]
    title = (
        "REINFORCE, linear softmax: Sichuan 定缺 and discards against 3 GreedyBots\n"
        f"green: training (last 10 batches of {args.batch}); dashed: {args.eval} evaluation "
        f"deals ({args.hands} hands, {took / 60:.1f} min)"
    )
    args.out.write_text(svg_curve(smooth, levels, title), encoding="utf-8")
    figures = {
        "levels": levels,
        "theta": dict(zip(FEATURES, policy.theta.round(3).tolist(), strict=True)),
        "curve": curve,
        "seconds": took,
        "hands": args.hands,
    }
    print(json.dumps({k: v for k, v in figures.items() if k != "curve"}, indent=1))
    print(f"wrote {args.out}")
    return figures


if __name__ == "__main__":
    main()
