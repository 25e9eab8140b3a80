//! The game page's board: drawn in HTML from a FEN (Unicode pieces, no images), and the small
//! inline script that steps through the game's positions. Without JavaScript the board shows
//! the last published position and the buttons stay hidden; with it, the FENs of every
//! position (embedded in the page as JSON) are drawn on the same squares.

use std::fmt::Write as _;

/// The glyph of a FEN piece letter: the solid set for both colours, coloured by CSS (the
/// outline glyphs of White render thin on phones).
pub fn glyph(p: char) -> &'static str {
    match p.to_ascii_uppercase() {
        'K' => "♚",
        'Q' => "♛",
        'R' => "♜",
        'B' => "♝",
        'N' => "♞",
        'P' => "♟",
        _ => "",
    }
}

/// The 64 squares, a8 … h1, of the FEN's piece placement. Each square carries its name and
/// its piece's FEN letter (`data-p`, empty when empty); the a-file and the first rank their
/// coordinate, drawn by CSS.
pub fn board_html(fen: &str, label: &str) -> String {
    let placement = fen.split(' ').next().unwrap_or("");
    let mut squares: Vec<char> = Vec::with_capacity(64);
    for c in placement.chars() {
        match c {
            '/' => {}
            '1'..='8' => squares.extend(std::iter::repeat_n(' ', c as usize - '0' as usize)),
            p => squares.push(p),
        }
    }
    squares.resize(64, ' ');
    let mut out = format!(
        "<div class=\"board\" id=\"board\" role=\"img\" aria-label=\"{}\">",
        crate::rules::standings_html::escape(label)
    );
    for (i, p) in squares.iter().enumerate() {
        let (file, rank) = (i % 8, 8 - i / 8);
        let f = (b'a' + file as u8) as char;
        let shade = if (file + rank) % 2 == 0 { "l" } else { "d" };
        let side = match p {
            ' ' => "",
            p if p.is_ascii_uppercase() => " w",
            _ => " b",
        };
        let _ = write!(
            out,
            "<div class=\"sq {shade}{side}\" data-sq=\"{f}{rank}\" data-p=\"{}\"",
            p.to_string().trim()
        );
        if file == 0 {
            let _ = write!(out, " data-r=\"{rank}\"");
        }
        if rank == 1 {
            let _ = write!(out, " data-f=\"{f}\"");
        }
        let _ = write!(out, ">{}</div>", glyph(*p));
    }
    out.push_str("</div>");
    out
}

/// The stepper: reads the positions (`#positions`: `{"fens": […], "labels": […]}`), draws one
/// on the squares, and moves with the buttons, the arrow keys and a click on a move. `?step=N`
/// (or `#step=N`) opens the page at position N, reached by pressing "forward" N times from
/// the start — the way a test drives it headlessly.
pub const STEPPER_JS: &str = r#"(function () {
  var data = JSON.parse(document.getElementById('positions').textContent);
  var fens = data.fens, labels = data.labels;
  var board = document.getElementById('board');
  var squares = board.querySelectorAll('.sq');
  var rows = document.querySelectorAll('tr[data-ply]');
  var out = document.getElementById('fen'), where = document.getElementById('where');
  var glyphs = { k: '\u265A', q: '\u265B', r: '\u265C', b: '\u265D', n: '\u265E', p: '\u265F' };
  var cur = fens.length - 1;
  function draw() {
    var i = 0;
    fens[cur].split(' ')[0].split('').forEach(function (c) {
      if (c === '/') return;
      if (c >= '1' && c <= '8') { for (var k = 0; k < +c; k++) put(i++, ''); } else put(i++, c);
    });
    out.textContent = fens[cur];
    where.textContent = labels[cur];
    board.setAttribute('aria-label', labels[cur]);
    board.setAttribute('data-ply', cur);
    for (var r = 0; r < rows.length; r++) {
      var on = +rows[r].getAttribute('data-ply') === cur;
      rows[r].classList.toggle('cur', on);
      if (on) rows[r].setAttribute('aria-current', 'step'); else rows[r].removeAttribute('aria-current');
    }
    document.getElementById('first').disabled = document.getElementById('back').disabled = cur === 0;
    document.getElementById('forward').disabled = document.getElementById('last').disabled = cur === fens.length - 1;
  }
  function put(i, p) {
    var s = squares[i];
    s.setAttribute('data-p', p);
    s.textContent = p ? glyphs[p.toLowerCase()] : '';
    s.classList.remove('w', 'b');
    if (p) s.classList.add(p === p.toUpperCase() ? 'w' : 'b');
  }
  function go(n) { cur = Math.max(0, Math.min(fens.length - 1, n)); draw(); }
  function forward() { go(cur + 1); }
  document.getElementById('first').onclick = function () { go(0); };
  document.getElementById('back').onclick = function () { go(cur - 1); };
  document.getElementById('forward').onclick = forward;
  document.getElementById('last').onclick = function () { go(fens.length - 1); };
  for (var r = 0; r < rows.length; r++) {
    rows[r].onclick = function () { go(+this.getAttribute('data-ply')); };
  }
  document.addEventListener('keydown', function (e) {
    if (e.key === 'ArrowLeft') go(cur - 1);
    if (e.key === 'ArrowRight') forward();
  });
  document.getElementById('steps').hidden = false;
  var m = /[?&]step=(\d+)/.exec(location.search) || /^#step=(\d+)$/.exec(location.hash);
  if (m) { go(0); for (var n = 0; n < +m[1] && cur < fens.length - 1; n++) forward(); }
  else draw();
})();"#;
