//! The coordinate glyphs (a–h, 1–8) as stroked paths, so the picture needs no font: resvg is
//! built without its `text` feature and loads none.
//!
//! Each glyph is drawn in a box 6 units wide; digits and the ascenders of b, d, f, h reach
//! from y = 0 to the baseline at y = 10, the other letters from y ≈ 3 (the x-height), and the
//! tail of g down to y ≈ 13. Drawn as a stroke (round caps and joins) about 1.2 units wide.

/// Width of a glyph's box, in glyph units.
pub const WIDTH: f32 = 6.0;
/// The baseline, in glyph units from the top of a digit.
pub const BASELINE: f32 = 10.0;

/// The path of a file letter (`a`–`h`) or a rank digit (`1`–`8`).
pub fn path(c: char) -> Option<&'static str> {
    Some(match c {
        '1' => "M1.6 2.2 L3.6 0.6 V10 M1.6 10 H5.4",
        '2' => "M0.9 2.6 C0.9 -0.2 5.1 -0.2 5.1 2.6 C5.1 5 0.8 7 0.8 10 H5.3",
        '3' => {
            "M0.8 1.6 C1.8 -0.2 5.1 0.2 5 2.6 C4.9 4.2 3.6 4.8 2.5 4.8 \
                C4.1 4.8 5.3 5.7 5.3 7.4 C5.3 10.6 1.4 10.7 0.6 8.6"
        }
        '4' => "M4.1 10 V0.6 L0.6 7 H5.5",
        '5' => "M5 0.6 H1.3 L0.9 4.7 C2.2 3.6 5.3 3.6 5.3 7.1 C5.3 10.6 1.4 10.7 0.6 8.8",
        '6' => {
            "M4.9 1.3 C3.2 -0.4 0.7 0.6 0.7 5.6 C0.7 11 5.3 10.8 5.3 7.2 \
                C5.3 3.7 1.3 3.7 0.8 6.4"
        }
        '7' => "M0.6 0.6 H5.4 L2.3 10",
        '8' => {
            "M3 4.7 A2 2.05 0 1 1 3 0.6 A2 2.05 0 1 1 3 4.7 Z \
                M3 10 A2.35 2.65 0 1 1 3 4.7 A2.35 2.65 0 1 1 3 10 Z"
        }
        'a' => "M4.9 3.6 V10 M4.9 6.6 C4.9 2.5 0.8 2.5 0.8 6.6 C0.8 10.7 4.9 10.7 4.9 6.6",
        'b' => "M1.1 0 V10 M1.1 6.6 C1.1 2.5 5.2 2.5 5.2 6.6 C5.2 10.7 1.1 10.7 1.1 6.6",
        'c' => "M5 4.4 C3.8 2.7 0.8 2.9 0.8 6.6 C0.8 10.3 3.8 10.5 5 8.8",
        'd' => "M4.9 0 V10 M4.9 6.6 C4.9 2.5 0.8 2.5 0.8 6.6 C0.8 10.7 4.9 10.7 4.9 6.6",
        'e' => "M0.9 6.7 H5.1 C5.1 2.4 0.8 2.4 0.8 6.6 C0.8 10.5 4 10.7 5 9",
        'f' => "M5 0.9 C3.7 -0.2 2.3 0.4 2.3 2.5 V10 M0.7 3.7 H4.5",
        'g' => {
            "M4.9 3.6 V10.6 C4.9 13.7 1.6 13.7 0.9 12.2 \
                M4.9 6.5 C4.9 2.5 0.8 2.5 0.8 6.5 C0.8 10.5 4.9 10.5 4.9 6.5"
        }
        'h' => "M1.1 0 V10 M1.1 6.1 C1.1 2.9 4.9 2.7 4.9 5.6 V10",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_coordinate_has_a_glyph() {
        for c in "abcdefgh12345678".chars() {
            assert!(path(c).is_some(), "{c}");
        }
        assert_eq!(path('i'), None);
        assert_eq!(path('9'), None);
    }
}
