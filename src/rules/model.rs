//! The shared vocabulary of the rules core: modes, notations, languages, rule parameters, the
//! record of a game and the messages the core asks the shell to send. Pure data, no behaviour
//! beyond small helpers.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
pub use shakmaty::Color;

/// Serde for shakmaty's `Color` (which has none): `"white"` / `"black"`. Use as
/// `#[serde(with = "crate::rules::model::color_serde")]`.
pub mod color_serde {
    use serde::{Deserialize, Deserializer, Serializer};
    use shakmaty::Color;

    pub fn serialize<S: Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(if *c == Color::White { "white" } else { "black" })
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        match String::deserialize(d)?.as_str() {
            "white" => Ok(Color::White),
            "black" => Ok(Color::Black),
            other => Err(serde::de::Error::custom(format!(
                "expected white or black, got {other}"
            ))),
        }
    }
}

/// Serde for a `Day` as `YYYY-MM-DD`, read and written by hand: chrono's own goes through
/// its general format machinery, and a record holds two dates per move (the daily tick decodes
/// and encodes tens of thousands of records). Same text as chrono's; other forms fall back to it.
pub mod day_serde {
    use super::Day;
    use serde::{Deserializer, Serializer};

    pub fn serialize<S: Serializer>(d: &Day, s: S) -> Result<S::Ok, S::Error> {
        use chrono::Datelike;
        let (y, m, day) = (d.year(), d.month(), d.day());
        if (0..=9999).contains(&y) {
            let mut b = *b"0000-00-00";
            let y = y as u32;
            for (i, v) in [y / 1000, y / 100 % 10, y / 10 % 10, y % 10]
                .into_iter()
                .enumerate()
            {
                b[i] = b'0' + v as u8;
            }
            b[5] = b'0' + (m / 10) as u8;
            b[6] = b'0' + (m % 10) as u8;
            b[8] = b'0' + (day / 10) as u8;
            b[9] = b'0' + (day % 10) as u8;
            s.serialize_str(std::str::from_utf8(&b).expect("ASCII digits"))
        } else {
            s.collect_str(d)
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Day, D::Error> {
        // A visitor, not `Cow<str>`: serde's `Cow` is always an owned copy, and a record's
        // dates (two a move) were then one allocation each when the daily tick decodes it.
        d.deserialize_str(DayVisitor)
    }

    struct DayVisitor;

    impl serde::de::Visitor<'_> for DayVisitor {
        type Value = Day;

        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a date (YYYY-MM-DD)")
        }

        fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Day, E> {
            parse(text)
                .or_else(|| text.parse().ok())
                .ok_or_else(|| E::custom(format!("not a date: {text:?}")))
        }
    }

    /// `YYYY-MM-DD` exactly, else `None`.
    pub fn parse(text: &str) -> Option<Day> {
        let b = text.as_bytes();
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
            return None;
        }
        let num = |r: std::ops::Range<usize>| -> Option<u32> {
            b[r].iter().try_fold(0u32, |acc, c| {
                c.is_ascii_digit().then(|| acc * 10 + u32::from(c - b'0'))
            })
        };
        Day::from_ymd_opt(num(0..4)? as i32, num(5..7)?, num(8..10)?)
    }
}

/// Serde for `Option<Color>`: `"white"`, `"black"` or null.
pub mod opt_color_serde {
    use serde::{Deserialize, Deserializer, Serializer};
    use shakmaty::Color;

    pub fn serialize<S: Serializer>(c: &Option<Color>, s: S) -> Result<S::Ok, S::Error> {
        match c {
            Some(c) => super::color_serde::serialize(c, s),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Color>, D::Error> {
        match Option::<String>::deserialize(d)?.as_deref() {
            None => Ok(None),
            Some("white") => Ok(Some(Color::White)),
            Some("black") => Ok(Some(Color::Black)),
            Some(other) => Err(serde::de::Error::custom(format!(
                "expected white or black, got {other}"
            ))),
        }
    }
}

/// A calendar day in the tournament's time zone. All rule arithmetic is on days.
pub type Day = NaiveDate;

/// How the moves travel (RULES.md §2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// The bot relays the moves itself; dates come from its mailbox.
    Email,
    /// Moves travel by post; players report their cards with the dates of Art. 7.
    Post,
}

/// How moves are written in letters and replies (RULES.md §4, notation table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Notation {
    /// Bulgarian: Ц Д Т О К in Cyrillic, Z D T O K in Latin (both read).
    Bg,
    /// Russian: Кр Ф Л С К.
    Ru,
    /// English: K Q R B N.
    En,
    /// German: K D T L S.
    De,
}

impl Notation {
    /// The piece letters a reader of this language expects (a diagram, a letter from someone
    /// no tournament gives a notation).
    pub fn of_language(lang: Lang) -> Notation {
        match lang {
            Lang::Bg => Notation::Bg,
            Lang::Ru => Notation::Ru,
            Lang::En => Notation::En,
        }
    }
}

/// Language of the replies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    Bg,
    Ru,
    En,
}

/// Rule parameters of one tournament; defaults are RULES.md's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Params {
    pub mode: Mode,
    /// Moves in one time-control period (Art. 23).
    pub period_moves: u32,
    /// Days allowed per period: 50 in `email`, 30 in `post` (Art. 23, 27).
    pub period_days: u32,
    /// Penalty of Art. 17 (impossible/incorrect/unclear move) and Art. 10, 22, 40.
    pub penalty_days: u32,
    /// Silence repeat after this many days (Art. 26).
    pub repeat_after_days: u32,
    /// `post`: the arbiter is told after this many more days of silence (Art. 26 А).
    pub arbiter_after_days: u32,
    /// A reply later than this needs a delay notice (Art. 25): 40 `email`, 28 `post`.
    pub notice_days: u32,
    /// Oversteps before the game is lost (Art. 28, 29): 1 `email`, 2 `post`.
    pub oversteps_to_lose: u32,
    /// Leave per calendar year (Art. 41).
    pub leave_days_per_year: u32,
    /// Short-notation letters before the arbiter is told (Art. 7 note 2).
    pub short_notation_warnings: u32,
    /// Accept ICCF numeric notation alone (Art. 7 note 3).
    pub allow_numeric: bool,
}

impl Params {
    /// The defaults of RULES.md for a mode.
    pub fn for_mode(mode: Mode) -> Params {
        let email = mode == Mode::Email;
        Params {
            mode,
            period_moves: 10,
            period_days: if email { 50 } else { 30 },
            penalty_days: 5,
            repeat_after_days: 14,
            arbiter_after_days: 14,
            notice_days: if email { 40 } else { 28 },
            oversteps_to_lose: if email { 1 } else { 2 },
            leave_days_per_year: 30,
            short_notation_warnings: 3,
            allow_numeric: false,
        }
    }
}

/// One half-move as it stands in the official record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedMove {
    /// UCI of the move (`e2e4`, `e7e8q`, castling as king-to-rook-square is NOT used: `e1g1`).
    pub uci: String,
    /// SAN with English letters (`Nf3`), as `status --format json` shows it.
    pub san: String,
    /// The day the mover received the opponent's previous move (Art. 8 "received"); for
    /// White's move 1, the day before the start (Art. 24, RULES.md §3).
    #[serde(with = "day_serde")]
    pub received: Day,
    /// The day the move was sent (email: arrival of the letter in the bot's mailbox).
    #[serde(with = "day_serde")]
    pub sent: Day,
    /// True when the move was played automatically from a conditional line (Art. 32).
    #[serde(default)]
    pub from_variant: bool,
    /// Which letter brought the move (1, 2, … in the order the letters were handled; the moves
    /// played from a line in answer to a letter carry its number): Art. 32 attributes time by
    /// letter. 0: not known (records written before issue 9; then the sending day is used).
    #[serde(default)]
    pub letter: u32,
}

/// Penalty days put on a player's clock (Art. 10, 17, 22, 40, 56).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Penalty {
    #[serde(with = "color_serde")]
    pub color: Color,
    pub days: i32,
    /// Article applied, e.g. "17".
    pub article: String,
    pub reason: String,
    pub date: Day,
}

/// A period during which a game is suspended (Art. 45 leave, Art. 47 dead time).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Suspension {
    /// Whose leave it is; `None` for dead time that stops both clocks.
    #[serde(with = "opt_color_serde")]
    pub color: Option<Color>,
    /// First and last day, inclusive.
    pub from: Day,
    pub to: Day,
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
    /// Both lose (Art. 12 note, Art. 51).
    BothLose,
}

impl GameResult {
    /// The PGN result string.
    pub fn pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::BothLose => "0-0",
        }
    }
}

/// The kind of an outgoing message: the `X-Amici-Kind` header (INTERFACE.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    Ack,
    Move,
    Error,
    Incomplete,
    Reminder,
    Silence,
    OverstepClaim,
    Leave,
    Notice,
    GameOver,
    Adjudication,
    Decision,
    WhichGame,
    NoMove,
}

impl Kind {
    /// Every kind of letter.
    pub const ALL: [Kind; 14] = [
        Kind::Ack,
        Kind::Move,
        Kind::Error,
        Kind::Incomplete,
        Kind::Reminder,
        Kind::Silence,
        Kind::OverstepClaim,
        Kind::Leave,
        Kind::Notice,
        Kind::GameOver,
        Kind::Adjudication,
        Kind::Decision,
        Kind::WhichGame,
        Kind::NoMove,
    ];

    /// The kind a header value ([`as_str`](Self::as_str)) names.
    pub fn from_header(value: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.as_str() == value)
    }

    /// The header value.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Ack => "ack",
            Kind::Move => "move",
            Kind::Error => "error",
            Kind::Incomplete => "incomplete",
            Kind::Reminder => "reminder",
            Kind::Silence => "silence",
            Kind::OverstepClaim => "overstep-claim",
            Kind::Leave => "leave",
            Kind::Notice => "notice",
            Kind::GameOver => "game-over",
            Kind::Adjudication => "adjudication",
            Kind::Decision => "decision",
            Kind::WhichGame => "which-game",
            Kind::NoMove => "no-move",
        }
    }

    /// Answers to a letter are `auto-replied`; notices the bot starts itself are
    /// `auto-generated` (RFC 3834, INTERFACE.md "Letters out").
    pub fn is_reply(self) -> bool {
        !matches!(
            self,
            Kind::Reminder
                | Kind::Silence
                | Kind::OverstepClaim
                | Kind::Notice
                | Kind::Adjudication
        )
    }
}

#[cfg(test)]
mod day_serde_tests {
    use super::Day;
    use super::day_serde::parse;

    #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
    struct W(#[serde(with = "super::day_serde")] Day);

    #[test]
    fn the_text_is_chronos_own_both_ways() {
        for (y, m, d) in [
            (2026, 1, 9),
            (1999, 12, 31),
            (2024, 2, 29),
            (1, 1, 1),
            (9999, 12, 31),
        ] {
            let day = Day::from_ymd_opt(y, m, d).unwrap();
            let ours = serde_json::to_string(&W(day)).unwrap();
            assert_eq!(ours, serde_json::to_string(&day).unwrap());
            assert_eq!(serde_json::from_str::<W>(&ours).unwrap(), W(day));
            let theirs: Day = serde_json::from_str(&ours).unwrap();
            assert_eq!(theirs, day);
        }
    }

    #[test]
    fn impossible_or_odd_dates_are_refused_or_left_to_chrono() {
        assert!(parse("2026-02-30").is_none());
        assert!(parse("2026-2-3").is_none());
        assert!(serde_json::from_str::<W>("\"2026-13-01\"").is_err());
        assert!(serde_json::from_str::<W>("\"yesterday\"").is_err());
        // Years beyond four digits are chrono's form, which still reads.
        let far = Day::from_ymd_opt(12345, 6, 7).unwrap();
        let text = serde_json::to_string(&W(far)).unwrap();
        assert_eq!(serde_json::from_str::<W>(&text).unwrap(), W(far));
    }
}
