"""The playground without code: a table (players, life totals, the cards in each zone, the step the
game begins at) and the moves chosen so far give a game, what happened told in the reader's language,
and the moves that can come next, each found legal by the engine itself (tried on a copy of the
game: the engine's own checks decide, nothing is listed per card). The same game is Python code
("Ver código") and, with each value the engine gave, a doctest ("Guardar como ejemplo").

Only the standard library and the engine are needed: the site ships this module to the browser.

>>> import json
>>> table = {"players": [{"name": "Ana", "hand": ["Lightning Bolt"], "library": 10},
...                      {"name": "Bruno", "battlefield": ["Grizzly Bears"], "library": 10}]}
>>> first = json.loads(play(json.dumps(table), "[]", "en"))
>>> [c["label"] for c in first["choices"]][:2]
['Ana casts Lightning Bolt targeting Grizzly Bears', 'Ana casts Lightning Bolt targeting Ana']
>>> bolt = next(c for c in first["choices"] if c["label"].endswith("Grizzly Bears"))
>>> after = json.loads(play(json.dumps(table), json.dumps([bolt["move"], {"code": "game.pass_all()"}]), "en"))
>>> after["narration"][-1]
{'text': 'Grizzly Bears has lethal damage and is destroyed as a state-based action.', 'rule': '704.5g'}
"""

from __future__ import annotations

import copy
import json
import re
import unicodedata
from typing import Any

from kb.engine.decisions import Decision, DecisionMaker
from kb.engine.game import Card, Game, Player, Step
from kb.examples.card_names import teach_engine
from kb.examples.narration import Narrator, narrate

STEPS = list(Step)
PLAYER_ZONES = ("battlefield", "hand", "graveyard")
# The words of the menus, in the narration's languages.
WORDS = {
    "en": {"cast": "{player} casts {card}", "targeting": "{action} targeting {target}", "play": "{player} plays {card}",
           "activate": "{player} activates ability {n} of {card}", "pass": "{player} passes priority",
           "pass_all": "Every player passes priority", "advance": "Go to: {step}",
           "advance_next": "Go to: {step} (next turn)", "choose": "{player} chooses: {option}",
           "none": "nothing", "all": "all of them"},
    "es": {"cast": "{player} lanza {card}", "targeting": "{action} con {target} como objetivo",
           "play": "{player} juega {card}", "activate": "{player} activa la habilidad {n} de {card}",
           "pass": "{player} pasa la prioridad", "pass_all": "Todos los jugadores pasan la prioridad",
           "advance": "Ir a: {step}", "advance_next": "Ir a: {step} (turno siguiente)",
           "choose": "{player} elige: {option}", "none": "nada", "all": "todo"},
}


class ChoiceNeeded(Exception):
    """The game asks a player a decision no move has answered yet."""

    def __init__(self, decision: Decision):
        super().__init__(decision.kind)
        self.decision = decision


class Choices(DecisionMaker):
    """Answers each player's decisions by the number of the option chosen (a list of numbers for a
    decision of several), in the order they are asked; a decision with no answer yet is raised as
    `ChoiceNeeded`, for the playground to offer its options.

    >>> Choices(Ana=[0, [1, 2]])
    Choices(Ana=[0, [1, 2]])
    """

    def __init__(self, **answers: list[Any]):
        self.answers = answers
        self._queues = {name: list(items) for name, items in answers.items()}

    def __repr__(self) -> str:
        return f"Choices({', '.join(f'{name}={items!r}' for name, items in self.answers.items())})"

    def decide(self, game: Game, decision: Decision) -> Any:
        queue = self._queues.get((decision.decided_by or decision.player).name)
        if not queue:
            raise ChoiceNeeded(decision)
        answer = queue.pop(0)
        if isinstance(answer, list):
            return [decision.options[i] for i in answer]
        return decision.options[answer]


def variable(name: str, taken: set[str]) -> str:
    """A Python name for a player: 'Ana' -> 'ana', 'José Luis' -> 'jose_luis'."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii").lower()
    base = re.sub(r"\W+", "_", plain).strip("_") or "player"
    if base[0].isdigit() or base in ("game", "step", "player", "choices"):
        base = "p_" + base
    found, n = base, 2
    while found in taken:
        found, n = f"{base}_{n}", n + 1
    taken.add(found)
    return found


def setup_lines(table: dict[str, Any], answers: dict[str, list[Any]]) -> list[str]:
    """The statements that set the table: the players with their zones, the game, its start."""
    lines = ["from kb.engine import Game, Player, Step", "from kb.examples.playground import Choices"]
    taken: set[str] = set()
    names = []
    for seat in table.get("players", []):
        name = str(seat.get("name") or "").strip()
        var = variable(name, taken)
        names.append(var)
        parts = [repr(name)]
        if seat.get("life") not in (None, ""):
            parts.append(f"life={int(seat['life'])}")
        for zone in PLAYER_ZONES:
            cards = [str(c) for c in seat.get(zone, []) if str(c).strip()]
            if cards:
                parts.append(f"{zone}={cards!r}")
        parts.append(f"library={int(seat.get('library', 10) or 0)}")
        lines.append(f"{var} = Player({', '.join(parts)})")
    # The answers by player's name, as the engine asks them (a name that is no Python name spelt out).
    decided = ", ".join(f"{who}={items!r}" if who.isidentifier() else f"**{{{who!r}: {items!r}}}"
                        for who, items in answers.items())
    lines.append(f"game = Game(players=[{', '.join(names)}], decisions=Choices({decided}))")
    step = str(table.get("step") or "PRECOMBAT_MAIN")
    if step not in Step.__members__:
        raise ValueError(f"no step {step!r}: choose one of {', '.join(Step.__members__)}")
    lines.append(f"game.start(at=Step.{step}, turn={int(table.get('turn') or 1)})")
    return lines


class _Run:
    """The statements run one by one in one namespace, each with what it gave."""

    def __init__(self, statements: list[str]):
        self.namespace: dict[str, Any] = {"__name__": "playground"}
        self.results: list[tuple[str, str]] = []
        self.error: BaseException | None = None
        self.pending: Decision | None = None
        for statement in statements:
            try:
                value = self.execute(statement)
            except ChoiceNeeded as asked:
                self.results.append((statement, ""))
                self.pending = asked.decision
                return
            except Exception as err:  # noqa: BLE001 - the reader's move: said in one line
                self.results.append((statement, ""))
                self.error = err
                return
            self.results.append((statement, "" if value is None else repr(value)))

    def execute(self, statement: str) -> Any:
        try:
            code = compile(statement, "<playground>", "eval")
        except SyntaxError:
            # The game's own statements, as a doctest runs them (the reader's browser, the reader's game).
            exec(compile(statement, "<playground>", "exec"), self.namespace)  # noqa: S102
            return None
        return eval(code, self.namespace)

    @property
    def game(self) -> Game | None:
        return self.namespace.get("game")


def _answers(moves: list[dict[str, Any]]) -> dict[str, list[Any]]:
    answers: dict[str, list[Any]] = {}
    for move in moves:
        if "answer" in move:
            who, value = move["answer"]
            answers.setdefault(str(who), []).append(value)
    return answers


def statements(table: dict[str, Any], moves: list[dict[str, Any]]) -> list[str]:
    """Every statement of the game: the table's, then each move's."""
    return setup_lines(table, _answers(moves)) + [str(m["code"]) for m in moves if "code" in m]


class _Refs:
    """How code names a player or an object of the game: the player's variable, a card by its place."""

    def __init__(self, game: Game, namespace: dict[str, Any]):
        self.game = game
        self.players = {id(v): k for k, v in namespace.items() if isinstance(v, Player)}

    def __call__(self, thing: Any) -> str | None:
        if isinstance(thing, Player):
            return self.players.get(id(thing))
        if isinstance(thing, Card):
            for player in self.game.players:
                owner = self.players.get(id(player))
                for zone in PLAYER_ZONES:
                    cards = getattr(player, zone)
                    for index, card in enumerate(cards):
                        if card is thing and owner:
                            return f"{owner}.{zone}[{index}]"
        for index, item in enumerate(self.game.stack):
            if item is thing:
                return f"game.stack[{index}]"
        return None


def _legal(statements_before: list[str], game: Game, namespace: dict[str, Any], statement: str) -> bool:
    """Whether the engine takes `statement` now: tried on a copy of the game (or, if it cannot be
    copied, on the game played again from the start)."""
    try:
        trial = copy.deepcopy(namespace)
    except Exception:  # noqa: BLE001 - some state does not copy: play it all again
        trial = _Run(statements_before).namespace
    try:
        eval(compile(statement, "<playground>", "eval"), trial)
    except ChoiceNeeded:
        return True
    except Exception:  # noqa: BLE001 - any refusal is the engine's: not a legal move now
        return False
    return True


def choices(run: _Run, lang: str, before: list[str]) -> list[dict[str, Any]]:
    """The moves that can come next: the options of the decision asked, or every action the player
    with priority may take now, with passing and going to a later step."""
    game, words, tell = run.game, WORDS[lang], Narrator(lang)
    if game is None or game.over:
        return []
    refs = _Refs(game, run.namespace)
    if run.pending is not None:
        decision = run.pending
        who = (decision.decided_by or decision.player).name
        low, high = decision.bounds
        out = []
        def named(option: Any) -> str:
            said = tell.name(option)
            return words["none"] if said.strip() in ("", "—", "-") else said

        if decision.count == 1 and not decision.order:
            picks = [(i, named(option)) for i, option in enumerate(decision.options)]
        else:
            picks = [([i], named(option)) for i, option in enumerate(decision.options) if low <= 1 <= high]
            if low == 0:
                picks.insert(0, ([], words["none"]))
            if low <= len(decision.options) <= high and len(decision.options) > 1:
                picks.append((list(range(len(decision.options))), words["all"]))
        for value, label in picks:
            out.append({"label": words["choose"].format(player=who, option=label), "move": {"answer": [who, value]}})
        return out
    player = game.priority
    if player is None:
        return []
    me = refs(player)
    out: list[dict[str, Any]] = []

    def offer(label: str, code: str) -> None:
        if _legal(before, game, run.namespace, code):
            out.append({"label": label, "move": {"code": code}})

    name = tell.name(player)
    for card in list(player.hand):
        card_ref, card_name = refs(card), tell.name(card)
        if card_ref is None:
            continue
        if "Land" in card.definition.types:
            offer(words["play"].format(player=name, card=card_name), f"game.play_land({me}, {card_ref})")
            continue
        try:
            castable = game.may_begin_to_cast(player, card)
        except Exception:  # noqa: BLE001
            castable = False
        if not castable:
            continue
        action = words["cast"].format(player=name, card=card_name)
        kind = card.definition.spell_target
        if kind:
            for target in game.legal_targets(kind, player):
                target_ref = refs(target)
                if target_ref:
                    offer(words["targeting"].format(action=action, target=tell.name(target)),
                          f"game.cast({me}, {card_ref}, targets=[{target_ref}])")
        else:
            offer(action, f"game.cast({me}, {card_ref})")
    for card in list(player.battlefield):
        card_ref = refs(card)
        try:
            count = len(game.activated_abilities(card))
        except Exception:  # noqa: BLE001
            count = 0
        for index in range(count):
            offer(words["activate"].format(player=name, n=index + 1, card=tell.name(card)),
                  f"game.activate({me}, {card_ref}, {index})")
    out.append({"label": words["pass"].format(player=name), "move": {"code": f"game.pass_priority({me})"}})
    out.append({"label": words["pass_all"], "move": {"code": "game.pass_all()"}})
    here = STEPS.index(game.step) if game.step in STEPS else 0
    for step in STEPS[here + 1:] + STEPS[:here + 1]:
        later = STEPS.index(step) > here
        label = (words["advance"] if later else words["advance_next"]).format(step=tell.name(step))
        out.append({"label": label, "move": {"code": f"game.advance_to(Step.{step.name})"}})
    return out


def _state(run: _Run, lang: str) -> dict[str, Any]:
    game, tell = run.game, Narrator(lang)
    if game is None or not game.turn:
        return {}
    return {
        "turn": game.turn,
        "step": tell.name(game.step) if game.step is not None else "",
        "priority": tell.name(game.priority) if game.priority is not None else "",
        "players": [{"name": p.name, "life": game.life_of(p),
                     **{zone: [tell.name(c) for c in getattr(p, zone)] for zone in PLAYER_ZONES},
                     "library": len(p.library)} for p in game.players],
        "stack": [tell.name(item) for item in game.stack],
    }


def doctest_of(run: _Run) -> str:
    """The game as a doctest: each statement, and the value the engine gave beneath it."""
    lines = []
    for statement, value in run.results:
        lines.append(">>> " + statement)
        if value:
            lines.append(value)
    return "\n".join(lines) + "\n"


def play(table_json: str, moves_json: str, lang: str) -> str:
    """JSON: the game the table and moves make: "narration" (each line and its rule), "choices"
    (the next moves, each a label and the move to send back), "state", "code" (the statements),
    "doctest" (with each value), and "error" (one line) where a move was refused."""
    from kb.examples.runner import described

    teach_engine()
    table, moves = json.loads(table_json), json.loads(moves_json)
    try:
        lines = statements(table, moves)
    except (ValueError, TypeError) as err:
        return json.dumps({"error": described(err, lang), "narration": [], "choices": [], "code": "", "doctest": ""})
    run = _Run(lines)
    game = run.game
    narration = [{"text": line.text, "rule": line.rule} for line in narrate(game.events, lang)] if game else []
    return json.dumps({
        "narration": narration,
        "choices": [] if run.error is not None else choices(run, lang, lines),
        "state": _state(run, lang),
        "code": "\n".join(">>> " + line for line in lines) + "\n",
        "doctest": doctest_of(run),
        "error": described(run.error, lang) if run.error is not None else None,
        "pending": run.pending is not None,
    }, ensure_ascii=False)
