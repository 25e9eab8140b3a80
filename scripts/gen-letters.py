#!/usr/bin/env python3
"""scripts/gen-letters.py — writes the generated letters of the corpus,
fixtures/letters/NNN-g-<notation>-<kind>[-<round>].{txt,expect} (issue 10 item 7).

Each letter is built from random legal play with python-chess, and its expected verdict is
decided by construction, never by amici's reader: a move python-chess lists as legal is
accepted; a piece sent to a square python-chess does not list is impossible (Art. 14); a repeat
of the opponent's last move that python-chess says is another move is incorrect (Art. 15); a
square off the board is unclear (Art. 16); a letter without a move has none; a move by the side
not to move is not his turn; a finished game is over.

    python3 -m venv /tmp/chess && /tmp/chess/bin/pip install chess==1.11.2
    /tmp/chess/bin/python scripts/gen-letters.py fixtures/letters

The output is deterministic (fixed seeds); running it again rewrites the same files.
"""

import os
import random
import sys

import chess

ROUNDS = 4
FIRST_NUMBER = 201

# Piece letters of each notation (RULES.md §4; Art. 7 note 1, Art. 8 note 1).
PIECES = {
    "bgc": {chess.KING: "Ц", chess.QUEEN: "Д", chess.ROOK: "Т", chess.BISHOP: "О", chess.KNIGHT: "К"},
    "bgl": {chess.KING: "Z", chess.QUEEN: "D", chess.ROOK: "T", chess.BISHOP: "O", chess.KNIGHT: "K"},
    "ru": {chess.KING: "Кр", chess.QUEEN: "Ф", chess.ROOK: "Л", chess.BISHOP: "С", chess.KNIGHT: "К"},
    "en": {chess.KING: "K", chess.QUEEN: "Q", chess.ROOK: "R", chess.BISHOP: "B", chess.KNIGHT: "N"},
    "de": {chess.KING: "K", chess.QUEEN: "D", chess.ROOK: "T", chess.BISHOP: "L", chess.KNIGHT: "S"},
}
# The `notation:` of the .expect file.
NOTATION = {"bgc": "bg", "bgl": "bg", "ru": "ru", "en": "en", "de": "de"}
# Items Г Д Е Ж and З as each notation's letters write them (the dates and totals lines).
DATES = {
    "bgc": "11.3. – 12.3. – 15.3. = 3 дни\nОбщо време: белите 14 – черните 17",
    "bgl": "11.3. - 12.3. - 15.3. = 3 dni\nobshto vreme: White 14 - Black 17",
    "ru": "11.3. – 12.3. – 15.3. = 3 дня\nОбщее время: белые 14 дней – черные 17 дней",
    "en": "11/3 - 12/3 - 15/3 = 3 days\nTotal: White 14, Black 17",
    "de": "11.3. – 12.3. – 15.3. = 3 Tage\nGesamt: Weiß 14, Schwarz 17",
}
GREETINGS = {
    "bgc": [("Здравейте,", "Успех!\nГеорги"), ("Здравей, Петре!", "Поздрави,\nИван")],
    "bgl": [("Dobar den!", "Pozdravi,\nIvan"), ("Zdraveite,", "Pozdravi,\nIvan")],
    "ru": [("Привет, Сергей!", "С уважением,\nСергей"), ("Добрый день!", "Удачи,\nАнна")],
    "en": [("Hi Peter,", "Best regards,\nJohn"), ("Dear John,", "Best regards,\nJohn")],
    "de": [("Lieber Peter,", "Gruß, Peter"), ("Guten Tag!", "Gruß, Peter")],
}
NO_MOVE = {
    "bgc": "Благодаря за писмото. Ще отговоря, когато обмисля позицията.",
    "bgl": "Blagodarya za pismoto. Shte otgovorya, kogato obmislya pozitsiyata.",
    "ru": "Спасибо за письмо. Отвечу, когда обдумаю позицию.",
    "en": "Thanks for your letter. I will answer once I have studied the position.",
    "de": "Danke für den Brief. Ich antworte, sobald ich die Stellung durchdacht habe.",
}


def full(board, move, notation):
    """The move in full notation (Art. 7 note 2): piece letter, from-square, - or :, to-square."""
    if board.is_castling(move):
        return "0-0" if chess.square_file(move.to_square) == 6 else "0-0-0"
    piece = board.piece_type_at(move.from_square)
    letter = "" if piece == chess.PAWN else PIECES[notation][piece]
    sep = ":" if board.is_capture(move) else "-"
    text = letter + chess.square_name(move.from_square) + sep + chess.square_name(move.to_square)
    if move.promotion:
        text += PIECES[notation][move.promotion]
    return text


def short(board, move, notation):
    """The short form (Art. 7 note 2) when it names the move alone: piece letter and square
    (a pawn: its square); None when a capture, castling, promotion or a second piece of the
    kind reaching the square would make it more than that."""
    san = board.san(move)
    if "x" in san or "=" in san or san.startswith("O") or board.is_castling(move):
        return None
    piece = board.piece_type_at(move.from_square)
    to = chess.square_name(move.to_square)
    if piece == chess.PAWN:
        return to if san.rstrip("+#") == to else None
    if san.rstrip("+#") != chess.piece_symbol(piece).upper() + to:
        return None  # disambiguated: another piece of the kind reaches the square
    return PIECES[notation][piece] + to


def number_prefix(board):
    n = board.fullmove_number
    return f"{n}." if board.turn == chess.WHITE else f"{n}..."


def random_game(rng, plies):
    """Random legal play of `plies` half-moves that does not end the game."""
    while True:
        board = chess.Board()
        ok = True
        for _ in range(plies):
            moves = list(board.legal_moves)
            rng.shuffle(moves)
            moves = [m for m in moves if not ends(board, m)]
            if not moves:
                ok = False
                break
            board.push(moves[0])
        if ok:
            return board


def ends(board, move):
    board.push(move)
    over = board.is_game_over()
    board.pop()
    return over


def repeat_of_last(board, notation):
    """The opponent's last move written as the letter repeats it: `8. b4-b5`."""
    last = board.pop()
    text = f"{number_prefix(board)} {full(board, last, notation)}"
    board.push(last)
    return text


def wrong_repeat(rng, board, notation):
    """Another move the opponent could have played instead of his last one, written as his."""
    last = board.pop()
    others = [m for m in board.legal_moves if m != last]
    rng.shuffle(others)
    wrong = others[0]
    text = f"{number_prefix(board)} {full(board, wrong, notation)}"
    board.push(last)
    return text


def impossible_move(rng, board, notation):
    """One of the mover's pieces sent to a square it cannot reach (Art. 14)."""
    mine = [sq for sq in chess.SQUARES if board.color_at(sq) == board.turn]
    rng.shuffle(mine)
    for sq in mine:
        if board.piece_type_at(sq) == chess.KING:
            continue
        reach = {m.to_square for m in board.legal_moves if m.from_square == sq}
        targets = [t for t in chess.SQUARES if t != sq and t not in reach
                   and board.color_at(t) != board.turn]
        if targets:
            to = rng.choice(targets)
            piece = board.piece_type_at(sq)
            letter = "" if piece == chess.PAWN else PIECES[notation][piece]
            return letter + chess.square_name(sq) + "-" + chess.square_name(to)
    raise RuntimeError("no impossible move found")


def off_board_move(rng, board, notation):
    """A move to and from squares off the board (Art. 16: unclear)."""
    mine = [sq for sq in chess.SQUARES if board.color_at(sq) == board.turn
            and board.piece_type_at(sq) not in (chess.PAWN, chess.KING)]
    if not mine:
        return "b9-b9"
    piece = board.piece_type_at(rng.choice(mine))
    file_ = "abcdefgh"[rng.randrange(8)]
    return PIECES[notation][piece] + f"{file_}9-{file_}9"


def letter(greeting, closing, lines, blank):
    sep = "\n\n" if blank else "\n"
    return f"{greeting}{sep}" + "\n".join(lines) + f"{sep}{closing}\n"


def expect(board, notation, sender, fields):
    moves = " ".join(m.uci() for m in board.move_stack)
    head = [f"moves: {moves}", f"notation: {NOTATION[notation]}", f"sender: {sender}"]
    return "\n".join(head + fields) + "\n"


def own_move(rng, board, notation, need_short=False):
    moves = list(board.legal_moves)
    rng.shuffle(moves)
    for m in moves:
        if ends(board, m):
            continue
        if need_short and short(board, m, notation) is None:
            continue
        return m
    raise RuntimeError("no move")


def main(out):
    number = FIRST_NUMBER
    files = []
    for rnd in range(ROUNDS):
        for notation in PIECES:
            rng = random.Random(f"{notation}-{rnd}")
            board = chess.Board() if rnd == 0 else random_game(rng, 15)
            sender = "white" if board.turn == chess.WHITE else "black"
            greeting, closing = GREETINGS[notation][min(rnd, 1)]
            prefix = number_prefix(board)
            repeat = [] if rnd == 0 else [repeat_of_last(board, notation)]
            kinds = ["complete", "short", "impossible"] + (["incorrect"] if rnd else []) + [
                "unclear", "nomove"]
            for kind in kinds:
                if kind == "complete":
                    m = own_move(rng, board, notation)
                    line = " ".join(repeat + [f"{prefix} {full(board, m, notation)}"])
                    text = letter(greeting, closing, [line, DATES[notation]], True)
                    exp = ["verdict: accepted", f"move: {m.uci()}", "complete: true"]
                elif kind == "short":
                    m = own_move(rng, board, notation, need_short=True)
                    text = letter(greeting, closing, [f"{prefix} {short(board, m, notation)}"], False)
                    missing = "ЕЖЗ" if rnd == 0 else "БГДЕЖЗ"
                    exp = ["verdict: accepted", f"move: {m.uci()}", f"missing: {missing}"]
                elif kind == "impossible":
                    mv = impossible_move(rng, board, notation)
                    line = " ".join(repeat + [f"{prefix} {mv}"])
                    text = letter(greeting, closing, [line], False)
                    exp = ["verdict: impossible", "article: 14", "penalty: 5"]
                elif kind == "incorrect":
                    m = own_move(rng, board, notation)
                    wrong = wrong_repeat(rng, board, notation)
                    line = f"{wrong} {prefix} {full(board, m, notation)}"
                    text = letter(greeting, closing, [line], False)
                    exp = ["verdict: incorrect", "article: 15"]
                elif kind == "unclear":
                    line = " ".join(repeat + [f"{prefix} {off_board_move(rng, board, notation)}"])
                    text = letter(greeting, closing, [line], False)
                    exp = ["verdict: unclear", "article: 16"]
                else:
                    text = letter(greeting, closing, [NO_MOVE[notation]], False)
                    exp = ["verdict: no-move"]
                name = f"{number}-g-{notation}-{kind}-{rnd}"
                files.append((name, text, expect(board, notation, sender, exp)))
                number += 1
    for notation in PIECES:
        rng = random.Random(f"{notation}-turn")
        board = random_game(rng, 14)  # White to move
        m = own_move(rng, board, notation)
        text = f"Привет,\n{number_prefix(board)} {full(board, m, notation)}\n"
        files.append((f"{number}-g-{notation}-notyourturn", text,
                      expect(board, notation, "black", ["over: false", "verdict: not-your-turn"])))
        number += 1
        files.append((f"{number}-g-{notation}-gameover", text,
                      expect(board, notation, "white", ["over: true", "verdict: game-over"])))
        number += 1
    for name, text, exp in files:
        with open(os.path.join(out, name + ".txt"), "w", encoding="utf-8") as f:
            f.write(text)
        with open(os.path.join(out, name + ".expect"), "w", encoding="utf-8") as f:
            f.write(exp)
    print(f"{len(files)} letters written to {out}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "fixtures/letters")
