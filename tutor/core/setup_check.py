"""What every game's `setup` checks alike (the player count, the variants, a seat at the table), and the refusal of
a position that cannot be set up, said in the reader's language.

A game's `setup` opens with `variants = check_setup(players, range(2, 5), variant, VARIANTS, first, rule=...)` and
refuses anything else it cannot lay out with `raise refused(rule, Words("<game>.setup.<what>", ...))`: a catalogue
key and its fields, so a Russian page never shows an English sentence inside a Russian one."""

from __future__ import annotations

from typing import Any, Iterable, Optional

from tutor.core.errors import RuleViolation
from tutor.core.wording import Words


class SetupRefused(RuleViolation):
    """A setup (a lesson's position, a table's options) the game cannot lay out.

    A RuleViolation, so every caller that catches a refusal (the lesson's position, the play table, a scenario)
    catches it too; its fields may be Words, which a refusal says in the reader's language."""


def refused(rule: str, problem: Any) -> SetupRefused:
    """The refusal of a position that cannot be set up; `problem` (Words) says what is wrong, `rule` is the
    rulebook section it breaks ("<game>:<section>")."""
    return SetupRefused(rule, "core.setup.refused", problem=problem)


def check_setup(players: Any, allowed_players: range, variant: Any = (), known_variants: Iterable[str] = (),
                first: Optional[Any] = None, *, rule: str, variant_rule: Optional[str] = None,
                seat_rule: Optional[str] = None) -> tuple[str, ...]:
    """Refuse a player count outside `allowed_players`, a variant the game does not know, a first seat not at the
    table; give the variants asked for as a tuple (a single name may be given as a string).

    rule: the section cited for the player count (and the variants and the seat unless `variant_rule` /
    `seat_rule` name others)."""
    if isinstance(players, bool) or not isinstance(players, int) or players not in allowed_players:
        raise SetupRefused(rule, "core.setup.players", players=str(players), low=allowed_players.start,
                           high=allowed_players.stop - 1)
    variants = (variant,) if isinstance(variant, str) else tuple(variant)
    known = tuple(known_variants)
    for v in variants:
        if v not in known:
            if known:
                raise SetupRefused(variant_rule or rule, "core.setup.variant", variant=str(v),
                                   known=", ".join(known))
            raise SetupRefused(variant_rule or rule, "core.setup.no_variants", variant=str(v))
    if first is not None:
        check_seat(first, players, rule=seat_rule or rule)
    return variants


def check_seat(seat: Any, players: int, *, rule: str) -> None:
    """Refuse a seat that is not one of the `players` seats (numbered from 0, as a setup gives them)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise refused(rule, Words("core.setup.seat", seat=str(seat), last=players - 1))
