"""A game from first deal to winner (docs/rules.md §4 and §6). ``GameState`` is immutable
and follows from the ruleset, starting seats, first dealer and recorded hands alone, so
``replay`` of the same hands always gives the same game."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from .cardhand import CardHand
from .errors import GameError, GameOver, Problems
from .messages import Message
from .play import check_card_hand
from .records import HandRecord
from .rotation import change_message, seating
from .rulesets import Ruleset
from .scorer import HandScore, score_hand

IN_PROGRESS, FINISHED = "in_progress", "finished"


@dataclass(frozen=True, slots=True)
class PlayedHand:
    number: int  # 1-based, counting void hands too
    record: HandRecord
    score: HandScore
    dealer: str
    seats: Mapping[str, Hashable]  # seat -> player, as it was for this hand
    totals: Mapping[str, int]  # side totals after this hand
    player_totals: Mapping[Hashable, int]
    card_hand: CardHand | None = None  # the card-level record, when the hand came as one


@dataclass(frozen=True, slots=True)
class GameState:
    ruleset: Ruleset
    initial_seats: Mapping[str, Hashable]
    first_dealer: str
    hands: tuple[PlayedHand, ...]
    totals: Mapping[str, int]
    player_totals: Mapping[Hashable, int]
    dealer: str  # deals the next hand
    seats: Mapping[str, Hashable]  # seat -> player for the next hand
    scored_hands: int  # hands that count for seat changes (not void)
    status: str = IN_PROGRESS
    winner: str | None = None  # the winning side, in partnership games
    winners: tuple[Hashable, ...] = ()  # the winning players, in every game
    seat_exchange_due: bool = False
    seat_message: Message | None = None
    #: Hands played before this state was resumed (:func:`resume`): not in ``hands``.
    hands_before: int = 0

    @property
    def finished(self) -> bool:
        return self.status == FINISHED

    @property
    def hand_count(self) -> int:
        """Hands played so far, void ones included."""
        return self.hands_before + len(self.hands)


def new_game(ruleset: Ruleset, seats: Mapping[str, Hashable], dealer: str) -> GameState:
    """A game about to start: ``seats`` maps every player seat to a player id."""
    p = Problems()
    wanted = set(ruleset.player_seats)
    if not isinstance(seats, Mapping) or set(seats) != wanted:
        p.add("seats", f"need exactly one player in each seat: {', '.join(ruleset.player_seats)}")
    elif len(set(seats.values())) != len(seats):
        p.add("seats", "a player can sit in only one seat")
    if dealer not in wanted:
        p.add("dealer", f"unknown dealer seat {dealer!r}")
    p.raise_if_any(GameError, "game_setup_invalid")
    initial = {s: seats[s] for s in ruleset.player_seats}
    return GameState(
        ruleset=ruleset,
        initial_seats=initial,
        first_dealer=dealer,
        hands=(),
        totals=dict.fromkeys(ruleset.side_names, 0),
        player_totals=dict.fromkeys(initial.values(), 0),
        dealer=dealer,
        seats=initial,
        scored_hands=0,
    )


def play_hand(state: GameState, record: HandRecord | CardHand) -> GameState:
    """Score the next hand and move the game on (dealer, seats, end of game)."""
    if state.status == FINISHED:
        raise GameOver("the game is over; start a new one")
    r = state.ruleset
    card_hand = None
    if not isinstance(record, HandRecord):
        card_hand = record
        record = check_card_hand(r, card_hand, dealer=state.dealer).record
    score = score_hand(r, record, dealer=state.dealer)

    totals = dict(state.totals)
    for side, pts in score.sides.items():
        totals[side] += pts
    player_totals = dict(state.player_totals)
    for seat, player in state.seats.items():
        player_totals[player] += score.seats[seat]
    played = PlayedHand(
        state.hand_count + 1,
        record,
        score,
        state.dealer,
        state.seats,
        totals,
        player_totals,
        card_hand,
    )

    scored = state.scored_hands + (1 if score.counts_for_rotation else 0)
    seats = seating(r, state.initial_seats, scored) if score.counts_for_rotation else state.seats
    message = change_message(r, state.seats, seats)
    status, winner, winners = IN_PROGRESS, None, ()
    if not score.void:
        status, winner, winners = _result(r, scored, totals, player_totals, seats)
    return replace(
        state,
        hands=(*state.hands, played),
        totals=totals,
        player_totals=player_totals,
        dealer=r.left_of[state.dealer] if score.deal_passes else state.dealer,
        seats=seats,
        scored_hands=scored,
        status=status,
        winner=winner,
        winners=winners,
        seat_exchange_due=message is not None and status == IN_PROGRESS,
        seat_message=message if status == IN_PROGRESS else None,
    )


def snapshot(state: GameState) -> dict[str, Any]:
    """What :func:`resume` needs besides the ruleset, starting seats and first dealer,
    and the state's totals and result: the hand count, the scored hands (seat changes)
    and who sits where for the next hand. JSON-ready when player ids are."""
    return {"hands": state.hand_count, "scored": state.scored_hands, "seats": dict(state.seats)}


def resume(
    ruleset: Ruleset,
    seats: Mapping[str, Hashable],
    dealer: str,
    *,
    saved: Mapping[str, Any],
    next_dealer: str,
    totals: Mapping[str, int],
    player_totals: Mapping[Hashable, int],
    status: str = IN_PROGRESS,
    winner: str | None = None,
    winners: Iterable[Hashable] = (),
) -> GameState:
    """The state after a game's recorded hands, from a :func:`snapshot` and what it stored,
    without replaying them: :func:`play_hand` goes on from it as from :func:`replay`.
    Raises ``GameError`` when the pieces do not fit the ruleset."""
    start = new_game(ruleset, seats, dealer)
    p = Problems()
    next_seats = saved.get("seats")
    if not isinstance(next_seats, Mapping) or set(next_seats) != set(start.seats):
        p.add("seats", "the next hand's seats do not fit the ruleset")
    elif set(next_seats.values()) != set(start.seats.values()):
        p.add("seats", "the next hand's players are not the game's")
    if next_dealer not in start.seats:
        p.add("dealer", f"unknown dealer seat {next_dealer!r}")
    if set(totals) != set(start.totals) or set(player_totals) != set(start.player_totals):
        p.add("totals", "the totals do not fit the game's sides and players")
    hands, scored = saved.get("hands"), saved.get("scored")
    if not isinstance(hands, int) or not isinstance(scored, int) or not 0 <= scored <= hands:
        p.add("hands", "the hand counts are not whole numbers")
    p.raise_if_any(GameError, "game_state_invalid")
    return replace(
        start,
        # In the order a replay builds them (sides, then starting seats).
        totals={side: int(totals[side]) for side in start.totals},
        player_totals={pid: int(player_totals[pid]) for pid in start.player_totals},
        dealer=next_dealer,
        seats={seat: next_seats[seat] for seat in start.seats},
        scored_hands=scored,
        status=status,
        winner=winner,
        winners=tuple(winners),
        hands_before=hands,
    )


def replay(
    ruleset: Ruleset,
    seats: Mapping[str, Hashable],
    dealer: str,
    records: Iterable[HandRecord | CardHand],
) -> GameState:
    """The game these hands make, from the start."""
    state = new_game(ruleset, seats, dealer)
    for record in records:
        state = play_hand(state, record)
    return state


def _result(
    r: Ruleset,
    scored: int,
    totals: Mapping[str, int],
    player_totals: Mapping[Hashable, int],
    seats: Mapping[str, Hashable],
) -> tuple[str, str | None, tuple[Hashable, ...]]:
    """docs/rules.md §4: first to the target wins; both over: the higher; a tie: play on.
    With a fixed number of hands the higher total after them wins (a tie: play on).
    ``tie_at_target`` "tie": a tie ends the game, nobody winning (a round clock)."""
    standings: Mapping[Hashable, int] = player_totals if r.scores_players else totals
    over = r.fixed_hands is not None and scored >= r.fixed_hands
    if not over and r.target is not None:
        over = any(total >= r.target for total in standings.values())
    if not over:
        return IN_PROGRESS, None, ()
    top = max(standings.values())
    leaders = [unit for unit, total in standings.items() if total == top]
    if len(leaders) > 1 and r.tie_at_target == "tie":
        return FINISHED, None, ()  # the game ends level: nobody wins
    if len(leaders) > 1 and r.tie_at_target != "shared_win":
        return IN_PROGRESS, None, ()  # exact tie: another hand
    if r.scores_players:
        return FINISHED, None, tuple(leaders)
    side = leaders[0]
    members = dict(r.sides)[side]
    return FINISHED, side, tuple(seats[s] for s in members)
