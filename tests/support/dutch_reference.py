"""The independent Dutch engine for tests/dutch_agreement.rs: caissify-pairings (PyPI),
driven one TRF file at a time.

Reads a TRF-16 path a line from stdin; answers with the pairing of that tournament's next
round in the JaVaFo/bbpPairings format (the number of pairs, then "white black" a line, "0"
as the bye's opponent), then a line "END". Our test code, not part of amici.

The TRF is parsed by caissify's own TRF16 parser; the engine's player records are made from
it the way bbpPairings reads a TRF (C.04.3 1.4 floats, C.04.1 d bye eligibility): colours
and rematches from games played over the board only, a downfloat for points won without
playing, no bye after a pairing-allocated bye, a full-point bye or a forfeit win. Players
with a block in the round to be paired (a bye given beforehand: H, F, Z, -) are not paired.
The start numbers are the pairing numbers, counted as bbpPairings counts them for C.04.3
E.5: a player left out of the round who never took part in a pairing (a game, a forfeit,
the pairing-allocated bye) has no place in the count ("effective pairing numbers"); the
output is given back in start numbers.

One correction to caissify, in E.4 and E.5: "the higher ranked player" is the higher by
C.04.3 A.2 (score, then pairing number), as bbpPairings reads it
(`acceleratedScoreRankCompare` in its choosePlayerColor); caissify 0.5.0 compares pairing
numbers only. `assign_colors_a2` below gives caissify's own colour rules the pair with the
pairing numbers in A.2's order; when neither player has a preference (E.5) the parity is
that of the higher ranked player's own number. Everything else is caissify's.
"""

import sys

from caissify_pairings.engines.dutch import ColorPref, DutchEngine
from caissify_pairings.trf import TRFParser

caissify_assign_colors = DutchEngine._assign_colors


def assign_colors_a2(self, p1, p2):
    """caissify's E.1-E.5 with "higher ranked" read as C.04.3 A.2 (score, then number)."""
    by_number = (p1, p2) if p1.pairing_number < p2.pairing_number else (p2, p1)
    by_rank = sorted((p1, p2), key=lambda p: (-p.score, p.pairing_number))
    if by_number[0] is by_rank[0]:
        return caissify_assign_colors(self, p1, p2)
    if p1.color_preference == ColorPref.NONE and p2.color_preference == ColorPref.NONE:
        higher, lower = by_rank
        odd = higher.pairing_number % 2 == 1
        gets_initial = odd
        if (self.initial_color == "white") == gets_initial:
            return higher, lower
        return lower, higher
    # The higher scorer has the larger number: swap the numbers for caissify's call.
    p1.pairing_number, p2.pairing_number = p2.pairing_number, p1.pairing_number
    try:
        return caissify_assign_colors(self, p1, p2)
    finally:
        p1.pairing_number, p2.pairing_number = p2.pairing_number, p1.pairing_number


DutchEngine._assign_colors = assign_colors_a2

PLAYED = {"1": 2, "0": 0, "=": 1, "W": 2, "D": 1, "L": 0}
UNPLAYED = {"+": 2, "-": 0, "H": 1, "F": 2, "U": 2, "Z": 0, "": 0}


def half_points(r):
    res = r.get("result", "")
    return PLAYED.get(res, UNPLAYED.get(res, 0))


def was_played(r):
    return r.get("opponent") is not None and r.get("result") in PLAYED


def pair(text):
    parsed = TRFParser(text).parse()
    tour = parsed["tournament"]
    players = {p["starting_number"]: p for p in parsed["players"]}
    played = 0
    for p in players.values():
        for rnd, r in p["results"].items():
            if r.get("opponent") is not None or r.get("result") == "U":
                played = max(played, rnd)
    target = played + 1

    def score_before(sn, rnd):
        return sum(half_points(r) for k, r in players[sn]["results"].items() if k < rnd)

    def took_part(p):
        return any(
            r.get("opponent") is not None or r.get("result") in ("U", "+")
            for r in p["results"].values()
        )

    # Effective pairing numbers (E.5): the players of this pairing and those left out who
    # took part in an earlier one, in start-number order.
    counted = [sn for sn, p in sorted(players.items()) if target not in p["results"] or took_part(p)]
    number = {sn: k + 1 for k, sn in enumerate(counted)}
    engine_players = []
    previous = set()
    for sn, p in players.items():
        if target in p["results"]:
            continue  # a bye given before the pairing: not paired
        colours, floats = [], []
        byes = forfeit_wins = 0
        for rnd in range(1, target):
            r = p["results"].get(rnd)
            if r is None:
                floats.append("none")
                continue
            if was_played(r):
                colours.append("white" if r["color"] == "w" else "black")
                previous.add((min(sn, r["opponent"]), max(sn, r["opponent"])))
                mine, theirs = score_before(sn, rnd), score_before(r["opponent"], rnd)
                floats.append("down" if mine > theirs else "up" if mine < theirs else "none")
            else:
                floats.append("down" if half_points(r) > 0 else "none")
                if r.get("result") in ("U", "F"):
                    byes += 1
                if r.get("result") == "+":
                    forfeit_wins += 1
        engine_players.append(
            {
                "id": sn,
                "name": p.get("name", ""),
                "score": score_before(sn, target) / 2.0,
                "rating": p.get("rating", 0),
                "starting_number": sn,
                "pairing_number": number[sn],
                "color_hist": colours,
                "float_history": floats,
                "bye_count": byes,
                "forfeit_win_count": forfeit_wins,
            }
        )
    initial = "black" if tour.get("color_method", "").strip().lower().startswith("black") else "white"
    engine = DutchEngine(
        players=engine_players,
        previous_pairings=previous,
        round_number=target,
        total_rounds=tour.get("total_rounds") or target,
        initial_color=initial,
    )
    out = engine.generate_pairings()
    games = [(g["white_id"], g["black_id"]) for g in out if g.get("black_id") is not None]
    byes = [g["white_id"] for g in out if g.get("black_id") is None]
    lines = [str(len(games) + len(byes))]
    lines += [f"{w} {b}" for w, b in games]
    lines += [f"{p} 0" for p in byes]
    return "\n".join(lines)


def main():
    for line in sys.stdin:
        path = line.strip()
        if not path:
            continue
        try:
            with open(path, encoding="utf-8") as f:
                print(pair(f.read()))
        except Exception as e:  # reported to the test, which fails on it
            print(f"ERROR {type(e).__name__}: {e}")
        print("END", flush=True)


if __name__ == "__main__":
    main()
