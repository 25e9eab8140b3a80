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
The start numbers are the pairing numbers.
"""

import sys

from caissify_pairings.engines.dutch import DutchEngine
from caissify_pairings.trf import TRFParser

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
                "pairing_number": sn,
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
