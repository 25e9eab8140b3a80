//! One game: its official record, and the transitions a letter, the daily tick or an arbiter's
//! decision cause. `handle_letter(record, from, text, today)` → the new record (or none:
//! a refused transition leaves the state unchanged) and the effects to carry out.
//!
//! # Layout
//! One file a concept, each opening with the articles it enforces:
//! - `record`   the record, its replay and accessors (Art. 24: White's time from the start)
//! - `effects`  messages, effects, requests and `Handled`, as data; the shared builders
//! - `dispatch` `handle_letter` and its kin: the routing of a letter, nothing decided there
//! - `commands` a letter's commands besides its moves (Art. 25 delay notice …)
//! - `moves`    a move letter (Art. 7–22) and the official figures of Art. 9 В
//! - `variant`  conditional lines (Art. 10, 32)
//! - `claims`   §707 claims, draws by rule (FIDE 9.2, 9.3), the tablebase's proof
//! - `post`     `post` mode's dates from the players' reports (Art. 5, 23; RULES.md §2, §3)
//! - `overstep` overstep claims filed, admitted, objected to, withdrawn, decided (Art. 33–40)
//! - `daily`    the daily tick (`handle_tick`) and the next day it is due (`next_due`)
//! - `end`      the end of the tournament and adjudication (Art. 49–55)
//! - `roster`   a player removed or replaced (Art. 47–48)
//! - `sanction` the arbiter's sanctions and their appeal (Art. 56–57)

mod claims;
mod commands;
mod daily;
mod dispatch;
mod effects;
mod end;
mod moves;
mod overstep;
mod post;
mod record;
mod roster;
mod sanction;
mod variant;

pub use claims::Proof;
pub use daily::{handle_tick, next_due};
pub use dispatch::{
    CaptainLetter, handle_captain_letter, handle_letter, handle_letter_with, handle_read_letter,
};
pub use effects::{AdjudicationStage, ClaimKind, Effect, Handled, Msg, Refusal, Remarks, Request};
pub use end::{
    APPEAL_DAYS, END_REMINDER_DAYS, PROPOSAL_DAYS, adjudicate, handle_end, set_result,
    start_adjudication,
};
pub use overstep::decide_claim;
pub use record::{Adjudication, GameRecord, MoveLine, Role, Status, Termination, Variant};
pub use roster::{REPLACEMENT_DAYS, remove, replace_player};
pub use sanction::{arbiter_penalty, declare_overstep};

#[cfg(test)]
use end::proposal;
#[cfg(test)]
use moves::ended_by_position;
#[cfg(test)]
use record::replay;

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;
    use shakmaty::zobrist::Zobrist64;
    use shakmaty::{Chess, Color, EnPassantMode, Outcome, Position};

    use crate::rules::clock::NoticeKind;
    use crate::rules::model::Mode;
    use crate::rules::model::{Day, GameResult, Kind, Notation, Params};
    use crate::rules::notation;

    fn day(s: &str) -> Day {
        s.parse().unwrap()
    }

    fn game() -> GameRecord {
        GameRecord::new(
            "T/1".into(),
            "T".into(),
            "w@x.test".into(),
            "b@x.test".into(),
            Params::for_mode(Mode::Email),
            Notation::Bg,
            day("2026-01-10"),
        )
    }

    /// Letters of White and Black in turn, all on day `d`.
    fn alternate(mut g: GameRecord, letters: &[&str], d: &str) -> GameRecord {
        for (i, text) in letters.iter().enumerate() {
            g = play(
                g,
                if i % 2 == 0 {
                    Color::White
                } else {
                    Color::Black
                },
                text,
                d,
            );
        }
        g
    }

    fn play(g: GameRecord, c: Color, text: &str, d: &str) -> GameRecord {
        let h = handle_letter(&g, c, text, day(d));
        h.record
            .unwrap_or_else(|| panic!("{text} refused: {:?}", h.effects))
    }

    #[test]
    fn art_24_white_time_runs_from_the_start_date() {
        let g = game();
        let h = handle_letter(&g, Color::White, "1. e2-e4", day("2026-01-12"));
        let g = h.record.unwrap();
        assert_eq!(g.moves[0].san, "e4");
        assert_eq!(
            g.lines(0, day("2026-01-12"))[0].days,
            2,
            "start 10 Jan, sent 12 Jan → 2 days"
        );
        assert_eq!(h.effects[1].to, Role::Black);
        assert_eq!(h.effects[1].kind, Kind::Move);
    }

    #[test]
    fn art_8_received_11_answered_13_is_one_day() {
        let g = play(game(), Color::White, "e2-e4", "2026-03-11");
        let g = play(g, Color::Black, "1. e2-e4 e7-e5", "2026-03-13");
        assert_eq!(g.lines(1, day("2026-03-13"))[0].days, 1);
    }

    #[test]
    fn art_14_impossible_move_is_refused_with_penalty_and_changes_no_move() {
        let h = handle_letter(&game(), Color::White, "1. Кg1-e3", day("2026-01-12"));
        let next = h.record.unwrap();
        assert!(next.moves.is_empty());
        assert_eq!(next.penalty_days(Color::White), 5);
        assert!(matches!(
            h.effects[0].msg,
            Msg::Refused {
                refusal: Refusal::Impossible,
                ..
            }
        ));
        assert!(h.effects.iter().any(|e| e.to == Role::Arbiter));
    }

    #[test]
    fn art_7_note_2_short_notation_stands_and_is_marked_incomplete() {
        let h = handle_letter(&game(), Color::White, "1. Кf3", day("2026-01-12"));
        assert_eq!(h.record.unwrap().moves[0].san, "Nf3");
        assert_eq!(h.effects[0].kind, Kind::Incomplete);
    }

    #[test]
    fn not_your_turn_changes_nothing() {
        let h = handle_letter(&game(), Color::Black, "1... e7-e5", day("2026-01-12"));
        assert!(h.record.is_none());
        assert_eq!(h.effects[0].msg, Msg::NotYourTurn);
    }

    #[test]
    fn checkmate_ends_the_game_and_later_letters_are_answered_game_over() {
        let mut g = game();
        for (c, m) in [
            (Color::White, "1. f2-f3"),
            (Color::Black, "1... e7-e5"),
            (Color::White, "2. g2-g4"),
            (Color::Black, "2... Дd8-h4"),
        ] {
            g = play(g, c, m, "2026-01-12");
        }
        assert_eq!(g.status, Status::Finished);
        assert_eq!(g.result, Some(GameResult::BlackWins));
        assert_eq!(g.termination, Some(Termination::Checkmate));
        let h = handle_letter(&g, Color::White, "3. e2-e4", day("2026-01-13"));
        assert_eq!(h.effects[0].msg, Msg::GameOver);
    }

    #[test]
    fn resignation_ends_the_game() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let h = handle_letter(&g, Color::Black, "Предавам се.", day("2026-01-13"));
        let g = h.record.unwrap();
        assert_eq!(g.result, Some(GameResult::WhiteWins));
        assert_eq!(g.termination, Some(Termination::Resignation));
        assert_eq!(
            h.effects
                .iter()
                .filter(|e| e.kind == Kind::GameOver)
                .count(),
            3
        );
    }

    #[test]
    fn a_draw_offered_with_a_move_and_accepted_is_a_draw() {
        let g = play(
            game(),
            Color::White,
            "1. e2-e4\nПредлагам реми.",
            "2026-01-12",
        );
        assert_eq!(g.draw_offer, Some(Color::White));
        let g = play(g, Color::Black, "Приемам реми.", "2026-01-13");
        assert_eq!(g.result, Some(GameResult::Draw));
        assert_eq!(g.termination, Some(Termination::Agreement));
    }

    #[test]
    fn a_move_without_accepting_lapses_the_draw_offer() {
        let g = play(game(), Color::White, "1. e2-e4\noffer draw", "2026-01-12");
        let g = play(g, Color::Black, "1... e7-e5", "2026-01-13");
        assert_eq!(g.draw_offer, None);
        let h = handle_letter(&g, Color::White, "accept draw", day("2026-01-14"));
        assert_eq!(h.effects[0].msg, Msg::NoDrawOffer);
    }

    #[test]
    fn art_32_a_matching_move_plays_the_proposers_line_at_once() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        // Black answers and offers: if 2. Кg1-f3 then 2... Кb8-c6.
        let g = play(
            g,
            Color::Black,
            "1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6",
            "2026-01-13",
        );
        assert_eq!(g.variant.as_ref().map(|v| v.moves.len()), Some(2));
        let h = handle_letter(&g, Color::White, "2. Кg1-f3", day("2026-01-15"));
        let g = h.record.unwrap();
        assert_eq!(g.sans(), ["e4", "e5", "Nf3", "Nc6"]);
        assert!(g.moves[3].from_variant);
        assert_eq!(
            g.lines(3, day("2026-01-15"))[0].days,
            0,
            "Art. 32: the proposer's moves from the line cost nothing"
        );
        assert_eq!(g.to_move(), Some(Color::White));
    }

    #[test]
    fn art_10_the_receivers_move_after_the_accepted_line_is_his_move() {
        // Issue 9 item 5: Black offers 2. Кg1-f3 Кb8-c6; White writes the line out and adds
        // his own 3. Оf1-b5: Кb8-c6 is played from the line and Оf1-b5 is White's move.
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let g = play(
            g,
            Color::Black,
            "1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6",
            "2026-01-13",
        );
        let h = handle_letter(
            &g,
            Color::White,
            "1... e7-e5 2. Кg1-f3 Кb8-c6 3. Оf1-b5 a7-a6 4. Оb5-a4",
            day("2026-01-15"),
        );
        let g = h.record.unwrap();
        assert_eq!(g.sans(), ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
        assert!(g.moves[3].from_variant && !g.moves[4].from_variant);
        assert_eq!(g.to_move(), Some(Color::Black));
        // The rest of his letter is his own new line, offered to Black.
        let v = g.variant.as_ref().expect("White's own line");
        assert_eq!(
            (v.by, v.moves.clone()),
            (Color::White, vec!["a7a6".to_string(), "b5a4".to_string()])
        );
        // Art. 32: his time for the letter is counted on Оf1-b5, Кb8-c6 cost nothing.
        let lines = g.lines(2, day("2026-01-15"));
        assert_eq!(lines[1].days, 0);
    }

    #[test]
    fn art_32_the_acknowledgement_tells_the_line_moves_as_the_opponents() {
        // Issue 9 item 11: White's 2. Кg1-f3 plays Black's 2... Кb8-c6 from his line. White's
        // acknowledgement lists his own move only; the line move comes as the opponent's move,
        // with the position, and it is White's turn again.
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let g = play(
            g,
            Color::Black,
            "1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6",
            "2026-01-13",
        );
        let h = handle_letter(&g, Color::White, "1... e7-e5 2. Кg1-f3", day("2026-01-15"));
        let Msg::Ack { moves, .. } = &h.effects[0].msg else {
            panic!("{:?}", h.effects[0])
        };
        assert_eq!(h.effects[0].to, Role::White);
        let texts: Vec<&str> = moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["Кg1-f3"]);
        let told = h
            .effects
            .iter()
            .find(|e| e.to == Role::White && matches!(e.msg, Msg::Forward { .. }))
            .expect("the line move told to White as his opponent's move");
        let Msg::Forward { moves, .. } = &told.msg else {
            unreachable!()
        };
        assert_eq!(told.kind, Kind::Move);
        assert_eq!(moves.len(), 1);
        assert_eq!(
            (moves[0].text.as_str(), moves[0].from_variant),
            ("Кb8-c6", true)
        );
        assert_eq!(h.record.unwrap().to_move(), Some(Color::White));
    }

    #[test]
    fn art_37_nothing_is_judged_while_the_game_waits_for_the_arbiter() {
        // Issue 9 item 9: a legal move and an impossible one get the same answer, no penalty.
        let g = claimed();
        for text in ["1. e2-e4", "1. Кg1-e3", "1. e2-e9"] {
            let h = handle_letter(&g, Color::White, text, day("2026-03-06"));
            assert_eq!(h.effects.len(), 1, "{text}: {:?}", h.effects);
            assert_eq!(h.effects[0].msg, Msg::AwaitingArbiter, "{text}");
            let next = h.record.unwrap_or_else(|| g.clone());
            assert!(next.penalties.is_empty(), "{text}: {:?}", next.penalties);
            assert!(next.moves.is_empty());
        }
    }

    #[test]
    fn art_17_a_captains_move_is_never_judged_nor_charged() {
        // Issue 9 item 10: legal, impossible and unreadable moves from a captain are refused
        // alike, in the core, with no penalty for his player.
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        for text in ["1... e7-e5", "1... Кg8-e7", "1... e7-e9", "1. e2-e4 Кb8-c6"] {
            assert_eq!(
                handle_captain_letter(&g, Color::Black, text, day("2026-01-13")),
                CaptainLetter::MovesRefused,
                "{text}"
            );
        }
        // A leave notice is the player's, as if he wrote it.
        let CaptainLetter::Handled(h) = handle_captain_letter(
            &g,
            Color::Black,
            "leave 2026-02-01 2026-02-05",
            day("2026-01-13"),
        ) else {
            panic!("a captain's leave notice is handled")
        };
        assert_eq!(h.requests.len(), 1);
    }

    #[test]
    fn rules_s14_a_captain_can_neither_resign_nor_offer_a_draw() {
        // Reviewer F: a captain sends claims and leave notices, never a resignation or a
        // draw for his player.
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        for text in ["resign", "I offer a draw", "предавам се"] {
            let c = handle_captain_letter(&g, Color::Black, text, day("2026-01-13"));
            assert_eq!(c, CaptainLetter::MovesRefused, "{text}");
        }
        // A resignation beside a leave notice: the leave counts, the resignation not.
        let CaptainLetter::PartlyRefused(h) = handle_captain_letter(
            &g,
            Color::Black,
            "resign\nleave 2026-02-01 2026-02-05",
            day("2026-01-13"),
        ) else {
            panic!("the leave is handled, the resignation refused")
        };
        assert_eq!(h.requests.len(), 1);
        assert!(
            h.record
                .as_ref()
                .is_none_or(|r| r.status != Status::Finished)
        );
    }

    #[test]
    fn rules_s14_a_captains_leave_notice_beside_a_move_still_counts() {
        // Reviewer G: the move is refused, the leave notice in the same letter is handled.
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let CaptainLetter::PartlyRefused(h) = handle_captain_letter(
            &g,
            Color::Black,
            "1... e7-e5\nleave 2026-02-01 2026-02-05",
            day("2026-01-13"),
        ) else {
            panic!("the leave is handled, the move refused")
        };
        assert_eq!(h.requests.len(), 1);
        assert!(h.record.as_ref().is_none_or(|r| r.moves.len() == 1));
        assert!(h.record.as_ref().is_none_or(|r| r.penalties.is_empty()));
    }

    #[test]
    fn art_25_a_delay_notice_sent_with_the_move_or_out_of_turn_covers_the_next_move() {
        // Issue 9 item 7: stored under the move it concerns, so neither the Art. 26 repeat
        // nor the Art. 31 claim goes out against the player who gave notice.
        let notice = "Уведомление: ще отговоря след повече от 40 дни (чл. 25).";
        let chased = |g: &GameRecord, d: &str| -> Vec<NoticeKind> {
            let mut g = g.clone();
            let mut kinds = Vec::new();
            let mut day_ = day("2026-01-14");
            while day_ <= day(d) {
                let h = handle_tick(&g, day_);
                for e in &h.effects {
                    if let Msg::Clock(n) = &e.msg
                        && n.about == Color::White
                    {
                        kinds.push(n.kind);
                    }
                }
                if let Some(r) = h.record {
                    g = r;
                }
                day_ = day_.succ_opt().unwrap();
            }
            kinds
        };
        // With the move.
        let g = play(
            game(),
            Color::White,
            &format!("1. e2-e4\n{notice}"),
            "2026-01-12",
        );
        let g = play(g, Color::Black, "1. e2-e4 e7-e5", "2026-01-13");
        assert_eq!(chased(&g, "2026-02-27"), []);
        // While the opponent is to move.
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let h = handle_letter(&g, Color::White, notice, day("2026-01-12"));
        let g = h.record.expect("the notice is recorded");
        let g = play(g, Color::Black, "1. e2-e4 e7-e5", "2026-01-13");
        assert_eq!(chased(&g, "2026-02-27"), []);
        // Without notice both go out.
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let g = play(g, Color::Black, "1. e2-e4 e7-e5", "2026-01-13");
        let k = chased(&g, "2026-02-27");
        assert!(
            k.contains(&NoticeKind::Repeat) && k.contains(&NoticeKind::OverstepClaim),
            "{k:?}"
        );
    }

    #[test]
    fn art_7_post_the_receipt_is_checked_against_the_corrected_sending_day() {
        // Issue 9 item 8: White declares Е 10.3; Black reports Г 8.3 (the postmark, which
        // prevails), Д 9.3, Е 15.3: Д is consistent with 8.3, so Ж = 15 − 9 − 1 = 5.
        let g = play(
            post_game(),
            Color::White,
            "1. e2-e4; 10.3.2026",
            "2026-03-11",
        );
        let g = play(
            g,
            Color::Black,
            "1. e2-e4 e7-e5; 8.3. – 9.3. – 15.3.",
            "2026-03-16",
        );
        assert_eq!(g.moves[0].sent, day("2026-03-08"));
        assert_eq!(g.moves[1].received, day("2026-03-09"));
        assert_eq!(g.lines(1, day("2026-03-16"))[0].days, 5);
    }

    #[test]
    fn art_32_time_is_attributed_by_letter_not_by_sending_day() {
        // Issue 9 item 6: White's 10th move comes 60 days after Black's 9th (50 days allowed
        // by move 10) and plays Black's 10... from his line; the same day White sends his 11th
        // in a second letter. The two letters are not one stretch: the overstep is at move 10.
        let mut letters = Vec::new();
        for n in 1..=9 {
            let (w, b) = if n % 2 == 1 {
                ("Кg1-f3", "Кg8-f6")
            } else {
                ("Кf3-g1", "Кf6-g8")
            };
            letters.push(format!("{n}. {w}"));
            letters.push(if n == 9 {
                format!("{n}... {b} 10. Кf3-g1 Кf6-g8")
            } else {
                format!("{n}... {b}")
            });
        }
        let refs: Vec<&str> = letters.iter().map(String::as_str).collect();
        let g = alternate(game(), &refs, "2026-01-12");
        assert!(g.variant.is_some());
        let g = play(g, Color::White, "10. Кf3-g1", "2026-03-13");
        assert_eq!(g.moves.len(), 20, "Black's 10... played from his line");
        let g = play(g, Color::White, "11. Кg1-f3", "2026-03-13");
        let claims: Vec<u32> = handle_tick(&g, day("2026-03-14"))
            .effects
            .iter()
            .filter_map(|e| match &e.msg {
                Msg::Clock(n) if n.kind == NoticeKind::OverstepClaim && n.about == Color::White => {
                    Some(n.move_number)
                }
                _ => None,
            })
            .collect();
        assert!(claims.contains(&10), "{claims:?}");
        let t = g.lines(18, day("2026-03-14"));
        assert_eq!((t[0].number, t[0].days), (10, 59));
    }

    #[test]
    fn rules_4_a_letter_read_two_ways_is_asked_about_and_costs_nothing() {
        let g = alternate(
            game(),
            &["1. e2-e4", "1... Кb8-c6", "2. Кg1-f3", "2... Кc6-d4"],
            "2026-01-12",
        );
        let h = handle_letter(&g, Color::White, "Кd4 e5", day("2026-01-14"));
        assert!(h.record.is_none(), "nothing changes");
        assert_eq!(h.effects.len(), 1);
        assert!(
            matches!(&h.effects[0].msg, Msg::TwoReadings { moves } if moves.len() == 2),
            "{:?}",
            h.effects
        );
    }

    #[test]
    fn art_10_a_deviating_move_lapses_the_line() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let g = play(
            g,
            Color::Black,
            "1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6",
            "2026-01-13",
        );
        let g = play(g, Color::White, "2. d2-d4", "2026-01-15");
        assert_eq!(g.sans(), ["e4", "e5", "d4"]);
        assert!(g.variant.is_none());
    }

    #[test]
    fn a_threefold_repetition_claim_is_verified() {
        let g = alternate(
            game(),
            &[
                "1. Кg1-f3",
                "1... Кg8-f6",
                "2. Кf3-g1",
                "2... Кf6-g8",
                "3. Кg1-f3",
                "3... Кg8-f6",
                "4. Кf3-g1",
                "4... Кf6-g8",
            ],
            "2026-01-12",
        );
        let h = handle_letter(&g, Color::White, "claim draw", day("2026-01-13"));
        let g = h.record.unwrap();
        assert_eq!(g.termination, Some(Termination::Repetition));
    }

    #[test]
    fn an_unproven_draw_claim_goes_to_the_arbiter() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let h = handle_letter(&g, Color::Black, "claim draw", day("2026-01-13"));
        assert!(h.record.as_ref().is_none_or(|g| g.result.is_none()));
        assert!(
            h.effects
                .iter()
                .any(|e| e.to == Role::Arbiter && matches!(e.msg, Msg::Claim { .. }))
        );
    }

    #[test]
    fn art_52_at_the_end_date_the_players_are_asked_for_proposals() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let end = day("2026-12-31");
        assert!(handle_end(&g, end, day("2026-12-30")).record.is_none());
        let h = handle_end(&g, end, day("2026-12-31"));
        let g = h.record.unwrap();
        assert_eq!(g.status, Status::Adjudication);
        assert_eq!(
            h.effects
                .iter()
                .filter(|e| e.kind == Kind::Adjudication)
                .count(),
            3
        );
        assert!(
            handle_end(&g, end, day("2027-01-01")).record.is_none(),
            "asked once"
        );
        // The clock stops (Art. 52): no silence notices while in adjudication.
        assert!(handle_tick(&g, day("2027-03-01")).effects.is_empty());
    }

    #[test]
    fn art_53_equal_proposals_from_both_players_are_the_result() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let g = handle_end(&g, day("2026-12-31"), day("2026-12-31"))
            .record
            .unwrap();
        let g = handle_letter(
            &g,
            Color::White,
            "I propose 1/2-1/2: the position is dead equal.",
            day("2027-01-02"),
        )
        .record
        .unwrap();
        assert_eq!(g.result, None);
        let h = handle_letter(&g, Color::Black, "Съгласен съм: реми.", day("2027-01-03"));
        let g = h.record.unwrap();
        assert_eq!(g.result, Some(GameResult::Draw));
        assert_eq!(g.termination, Some(Termination::Adjudication));
    }

    #[test]
    fn art_53_differing_proposals_go_to_the_adjudicator_after_15_days() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let g = handle_end(&g, day("2026-12-31"), day("2026-12-31"))
            .record
            .unwrap();
        let g = handle_letter(&g, Color::White, "1-0", day("2027-01-02"))
            .record
            .unwrap();
        let g = handle_letter(&g, Color::Black, "0-1", day("2027-01-03"))
            .record
            .unwrap();
        assert!(
            handle_end(&g, day("2026-12-31"), day("2027-01-14"))
                .record
                .is_none(),
            "15 days not yet over"
        );
        let h = handle_end(&g, day("2026-12-31"), day("2027-01-15"));
        assert!(h.effects.iter().any(|e| e.to == Role::Arbiter
            && matches!(
                e.msg,
                Msg::Adjudication {
                    stage: AdjudicationStage::ToAdjudicator,
                    ..
                }
            )));
        let g = h.record.unwrap();
        let g = set_result(&g, GameResult::WhiteWins, Termination::Adjudication)
            .record
            .unwrap();
        assert_eq!(g.result, Some(GameResult::WhiteWins));
    }

    fn post_game() -> GameRecord {
        let mut g = game();
        g.params = Params::for_mode(Mode::Post);
        g
    }

    #[test]
    fn post_dates_come_from_the_players_reports() {
        // White posts 1. e4 on 2 March (declared Е), reported on 3 March.
        let g = play(
            post_game(),
            Color::White,
            "1. e2-e4; 2.3.2026",
            "2026-03-03",
        );
        assert_eq!(g.moves[0].sent, day("2026-03-02"));
        // Black: the card (postmarked 2.3.) arrived 5.3. (Д), answered 9.3. (Е): Ж = 9 − 5 − 1 = 3.
        let g = play(
            g,
            Color::Black,
            "1. e2-e4 e7-e5; 2.3. – 5.3. – 9.3.",
            "2026-03-10",
        );
        assert_eq!(
            (g.moves[1].received, g.moves[1].sent),
            (day("2026-03-05"), day("2026-03-09"))
        );
        assert_eq!(g.lines(1, day("2026-03-10"))[0].days, 3);
    }

    #[test]
    fn post_the_receivers_postmark_prevails_over_the_declared_sending_date() {
        let g = play(
            post_game(),
            Color::White,
            "1. e2-e4; 2.3.2026",
            "2026-03-03",
        );
        // Black reports the postmark on White's card as 4 March, not 2 March.
        let h = handle_letter(
            &g,
            Color::Black,
            "1. e2-e4 e7-e5; 4.3. – 6.3. – 9.3.",
            day("2026-03-10"),
        );
        let g = h.record.unwrap();
        assert_eq!(g.moves[0].sent, day("2026-03-04"));
        let told: Vec<Role> = h
            .effects
            .iter()
            .filter(|e| matches!(e.msg, Msg::DateDisagreement { .. }))
            .map(|e| e.to)
            .collect();
        assert_eq!(told, [Role::Black, Role::White, Role::Arbiter]);
    }

    /// White never moved: by 5 March the bot has filed a claim (Art. 27/31) and paused.
    fn claimed() -> GameRecord {
        let g = handle_tick(&game(), day("2026-03-05")).record.unwrap();
        assert_eq!(g.status, Status::AwaitingDecision);
        g
    }

    #[test]
    fn art_36_note_3_an_admitted_overstep_takes_effect_at_once() {
        let h = handle_letter(
            &claimed(),
            Color::White,
            "I admit the overstep.",
            day("2026-03-06"),
        );
        let g = h.record.unwrap();
        assert_eq!(
            g.result,
            Some(GameResult::BlackWins),
            "email: the first overstep loses (Art. 29)"
        );
        assert_eq!(g.termination, Some(Termination::Overstep));
    }

    #[test]
    fn art_34_the_player_claimed_for_may_withdraw_the_claim() {
        let h = handle_letter(
            &claimed(),
            Color::Black,
            "Оттеглям рекламацията.",
            day("2026-03-06"),
        );
        let g = h.record.unwrap();
        assert_eq!(g.status, Status::Playing);
        assert_eq!(g.result, None);
        // The offender himself cannot withdraw it.
        let h = handle_letter(
            &claimed(),
            Color::White,
            "withdraw claim",
            day("2026-03-06"),
        );
        assert!(h.record.is_none());
    }

    #[test]
    fn art_39_objection_within_7_days_of_the_decision() {
        let g = decide_claim(&claimed(), None, true, day("2026-03-06"))
            .unwrap()
            .record
            .unwrap();
        assert!(
            handle_letter(
                &g,
                Color::White,
                "Възражение: пощата закъсня.",
                day("2026-03-13")
            )
            .record
            .is_some()
        );
        let late = handle_letter(&g, Color::White, "Възражение", day("2026-03-14"));
        assert!(
            late.record.is_none(),
            "8 days after the decision is too late"
        );
        assert_eq!(late.effects[0].kind, Kind::Error);
    }

    #[test]
    fn art_40_an_unfounded_player_claim_rejected_costs_the_claimant_5_days() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let h = handle_letter(&g, Color::White, "claim overstep", day("2026-01-14"));
        let g = h.record.unwrap();
        assert_eq!(g.status, Status::AwaitingDecision);
        assert!(
            h.effects
                .iter()
                .any(|e| e.to == Role::Arbiter && e.kind == Kind::OverstepClaim)
        );
        let g = decide_claim(&g, None, false, day("2026-01-15"))
            .unwrap()
            .record
            .unwrap();
        assert_eq!(g.penalty_days(Color::White), 5);
        assert_eq!(g.status, Status::Playing);
    }

    #[test]
    fn art_39_an_objection_upheld_undoes_the_loss() {
        let g = decide_claim(&claimed(), None, true, day("2026-03-06"))
            .unwrap()
            .record
            .unwrap();
        assert_eq!(g.result, Some(GameResult::BlackWins));
        let g = handle_letter(
            &g,
            Color::White,
            "Objection: the server was down.",
            day("2026-03-08"),
        )
        .record
        .unwrap();
        let g = decide_claim(&g, None, false, day("2026-03-10"))
            .unwrap()
            .record
            .unwrap();
        assert_eq!((g.result, g.status), (None, Status::Playing));
    }

    #[test]
    fn art_20_an_impossible_move_never_enters_the_record_so_no_replay_is_ever_needed() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let h = handle_letter(&g, Color::Black, "1... e7-e4", day("2026-01-13"));
        let next = h.record.unwrap();
        assert_eq!(
            next.moves, g.moves,
            "checked on arrival: the record holds legal moves only"
        );
        assert_eq!(replay(&next.moves).1.len(), next.moves.len());
    }

    #[test]
    fn art_22_the_arbiter_penalises_an_unfounded_complaint_citing_the_article() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let h = arbiter_penalty(
            &g,
            Color::Black,
            5,
            "Art. 22: unfounded complaint about 1. e2-e4",
            day("2026-01-14"),
        );
        let g = h.record.unwrap();
        assert_eq!(g.penalty_days(Color::Black), 5);
        assert_eq!(g.penalties[0].article, "22");
        assert_eq!(h.effects.len(), 3, "both players and the arbiter are told");
    }

    #[test]
    fn art_10_declining_a_variant_then_playing_it_move_by_move_costs_5_days() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let g = play(
            g,
            Color::Black,
            "1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6",
            "2026-01-13",
        );
        // White declines the line explicitly, then plays its move anyway.
        let g = play(g, Color::White, "decline\n2. Кg1-f3", "2026-01-15");
        assert_eq!(
            g.sans(),
            ["e4", "e5", "Nf3"],
            "a declined line is not played automatically"
        );
        assert_eq!(g.penalty_days(Color::White), 5);
        assert_eq!(g.penalties[0].article, "10");
    }

    #[test]
    fn art_10_declining_a_variant_and_playing_otherwise_costs_nothing() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let g = play(
            g,
            Color::Black,
            "1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6",
            "2026-01-13",
        );
        let g = play(g, Color::White, "decline\n2. d2-d4", "2026-01-15");
        assert_eq!(g.penalty_days(Color::White), 0);
    }

    #[test]
    fn art_10_a_longer_declined_line_played_move_by_move_costs_5_days() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        // Black offers two moves for each side: 2. Nf3 Nc6 3. Bb5 a6.
        let g = play(
            g,
            Color::Black,
            "1. e2-e4 e7-e5 2. Кg1-f3 Кb8-c6 3. Оf1-b5 a7-a6",
            "2026-01-13",
        );
        let g = play(g, Color::White, "decline\n2. Кg1-f3", "2026-01-15");
        assert_eq!(g.penalty_days(Color::White), 0, "not yet the whole line");
        let g = play(g, Color::Black, "2... Кb8-c6", "2026-01-16");
        let g = play(g, Color::White, "3. Оf1-b5", "2026-01-18");
        assert_eq!(g.penalty_days(Color::White), 5);
    }

    #[test]
    fn art_55_an_appeal_within_7_days_goes_to_the_second_adjudicator() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let g = handle_end(&g, day("2026-12-31"), day("2026-12-31"))
            .record
            .unwrap();
        let g = handle_letter(&g, Color::White, "1-0", day("2027-01-02"))
            .record
            .unwrap();
        let g = adjudicate(&g, GameResult::Draw, day("2027-01-20"))
            .record
            .unwrap();
        // Black sent no proposal: no right of appeal (Art. 52 note 2).
        let h = handle_letter(&g, Color::Black, "I appeal", day("2027-01-21"));
        assert!(h.record.is_none());
        // White appeals in time; later is too late.
        let h = handle_letter(
            &g,
            Color::White,
            "Обжалвам присъждането.",
            day("2027-01-27"),
        );
        assert!(
            h.effects
                .iter()
                .any(|e| e.to == Role::Arbiter && e.kind == Kind::Adjudication)
        );
        assert_eq!(h.record.unwrap().adjudication.unwrap().appeals.len(), 1);
        assert!(
            handle_letter(&g, Color::White, "appeal", day("2027-01-28"))
                .record
                .is_none()
        );
    }

    #[test]
    fn post_a_receipt_report_starts_the_running_clock() {
        let g = play(
            post_game(),
            Color::White,
            "1. e2-e4; 2.3.2026",
            "2026-03-03",
        );
        let before = g.clocks(day("2026-03-20")).black.running_days;
        // Black reports the card arrived on 6 March (Д), no move yet.
        let g = handle_letter(
            &g,
            Color::Black,
            "Получих хода на 6.3.2026",
            day("2026-03-07"),
        )
        .record
        .unwrap();
        let after = g.clocks(day("2026-03-20")).black.running_days;
        assert_eq!(
            before, None,
            "post: no running clock before the receipt is known"
        );
        assert_eq!(
            after,
            Some(13),
            "7–20 March after a receipt on 6 March: N = 14 → 13 days"
        );
    }

    #[test]
    fn post_a_missing_receipt_date_is_derived_from_sending_date_and_time_used() {
        let g = play(
            post_game(),
            Color::White,
            "1. e2-e4; 2.3.2026",
            "2026-03-03",
        );
        // Black writes Е = 9.3. and Ж = 3 days but no Д: Д = 9 − 3 − 1 = 5 March.
        let g = play(
            g,
            Color::Black,
            "1. e2-e4 e7-e5; 9.3.2026 = 3 дни",
            "2026-03-10",
        );
        assert_eq!(
            (g.moves[1].received, g.moves[1].sent),
            (day("2026-03-05"), day("2026-03-09"))
        );
        assert_eq!(g.lines(1, day("2026-03-10"))[0].days, 3);
    }

    #[test]
    fn art_51_post_players_are_reminded_to_send_their_score_before_the_end_date() {
        let g = play(
            post_game(),
            Color::White,
            "1. e2-e4; 2.3.2026",
            "2026-03-03",
        );
        let end = day("2026-12-31");
        assert!(handle_end(&g, end, day("2026-12-16")).record.is_none());
        let h = handle_end(&g, end, day("2026-12-17"));
        assert_eq!(
            h.effects
                .iter()
                .filter(|e| e.kind == Kind::Reminder)
                .count(),
            2
        );
        let g = h.record.unwrap();
        assert!(
            handle_end(&g, end, day("2026-12-20")).record.is_none(),
            "once"
        );
        // Email games get no such reminder.
        let e = play(game(), Color::White, "1. e2-e4", "2026-03-03");
        assert!(handle_end(&e, end, day("2026-12-20")).record.is_none());
    }

    #[test]
    fn art_57_a_sanction_may_be_appealed_within_7_days() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let g = arbiter_penalty(
            &g,
            Color::Black,
            10,
            "unsporting behaviour",
            day("2026-01-14"),
        )
        .record
        .unwrap();
        let h = handle_letter(
            &g,
            Color::Black,
            "I appeal against the penalty.",
            day("2026-01-20"),
        );
        assert!(
            h.effects
                .iter()
                .any(|e| e.to == Role::Arbiter && e.kind == Kind::Decision)
        );
        assert_eq!(h.record.unwrap().sanction_appeals.len(), 1);
        let late = handle_letter(&g, Color::Black, "I appeal", day("2026-01-22"));
        assert!(late.record.is_none(), "8 days later is too late");
    }

    #[test]
    fn s707_a_claim_the_tablebase_proves_ends_the_game_one_it_refutes_goes_to_the_arbiter() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let h = handle_letter_with(
            &g,
            Color::Black,
            "claim win",
            day("2026-01-13"),
            Some(Proof::WinFor(Color::Black)),
        );
        let won = h.record.unwrap();
        assert_eq!(
            (won.result, won.termination),
            (Some(GameResult::BlackWins), Some(Termination::Tablebase))
        );
        let h = handle_letter_with(
            &g,
            Color::Black,
            "claim draw",
            day("2026-01-13"),
            Some(Proof::Draw),
        );
        assert_eq!(h.record.unwrap().result, Some(GameResult::Draw));
        // The tablebase says White wins: Black's claim of a win is the arbiter's to judge.
        let h = handle_letter_with(
            &g,
            Color::Black,
            "claim win",
            day("2026-01-13"),
            Some(Proof::WinFor(Color::White)),
        );
        assert!(h.record.as_ref().is_none_or(|r| r.result.is_none()));
        assert!(
            h.effects
                .iter()
                .any(|e| e.to == Role::Arbiter && matches!(e.msg, Msg::Claim { .. }))
        );
    }

    #[test]
    fn s707_the_opponent_agreeing_to_a_draw_claim_makes_it_the_result() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let h = handle_letter(
            &g,
            Color::Black,
            "claim draw: the position is a fortress",
            day("2026-01-13"),
        );
        let msg = h
            .effects
            .iter()
            .find(|e| e.to == Role::Arbiter)
            .map(|e| e.msg.clone());
        assert!(
            matches!(msg, Some(Msg::Claim { ref explanation, .. }) if explanation.contains("fortress"))
        );
        let g = h.record.unwrap();
        let g = play(g, Color::White, "accept draw", "2026-01-14");
        assert_eq!(
            (g.result, g.termination),
            (Some(GameResult::Draw), Some(Termination::Agreement))
        );
    }

    #[test]
    fn a_threefold_claim_sent_with_the_move_that_repeats_is_verified() {
        let g = alternate(
            game(),
            &[
                "1. Кg1-f3",
                "1... Кg8-f6",
                "2. Кf3-g1",
                "2... Кf6-g8",
                "3. Кg1-f3",
                "3... Кg8-f6",
                "4. Кf3-g1",
            ],
            "2026-01-12",
        );
        // Black's move repeats the start position a third time; he claims in the same letter.
        let g = play(g, Color::Black, "4... Кf6-g8\nclaim draw", "2026-01-13");
        assert_eq!(
            (g.result, g.termination),
            (Some(GameResult::Draw), Some(Termination::Repetition))
        );
    }

    #[test]
    fn art_52_proposals_are_read_as_whole_tokens() {
        assert_eq!(
            proposal("I propose a draw (sent 2027-01-03)"),
            Some(GameResult::Draw)
        );
        assert_eq!(
            proposal("withdraw nothing, 1-0 is right"),
            Some(GameResult::WhiteWins)
        );
        assert_eq!(proposal("see my letter of 2027-10-15"), None);
        assert_eq!(proposal("0-1."), Some(GameResult::BlackWins));
    }

    #[test]
    fn stalemate_ends_the_game_as_a_draw() {
        // Sam Loyd's ten-move stalemate, in English notation.
        let mut g = game();
        g.notation = Notation::En;
        let moves = [
            "e2-e3", "a7-a5", "Qd1-h5", "Ra8-a6", "Qh5xa5", "h7-h5", "h2-h4", "Ra6-h6", "Qa5xc7",
            "f7-f6", "Qc7xd7", "Ke8-f7", "Qd7xb7", "Qd8-d3", "Qb7xb8", "Qd3-h7", "Qb8xc8",
            "Kf7-g6", "Qc8-e6",
        ];
        for (i, m) in moves.iter().enumerate() {
            g = play(
                g,
                if i % 2 == 0 {
                    Color::White
                } else {
                    Color::Black
                },
                m,
                "2026-01-12",
            );
        }
        assert_eq!(
            (g.result, g.termination),
            (Some(GameResult::Draw), Some(Termination::Stalemate))
        );
    }

    #[test]
    fn a_draw_offer_without_a_move_and_its_declining() {
        let g = play(game(), Color::White, "1. e2-e4", "2026-01-12");
        let h = handle_letter(
            &g,
            Color::Black,
            "I offer a draw. offer draw",
            day("2026-01-13"),
        );
        assert!(
            h.effects
                .iter()
                .any(|e| e.to == Role::White && e.msg == Msg::DrawOffer)
        );
        let g = h.record.unwrap();
        assert_eq!(g.draw_offer, Some(Color::Black));
        let h = handle_letter(&g, Color::White, "decline draw", day("2026-01-14"));
        assert!(
            h.effects
                .iter()
                .any(|e| e.to == Role::Black && e.msg == Msg::DrawDeclined)
        );
        assert_eq!(h.record.unwrap().draw_offer, None);
    }

    #[test]
    fn fifty_moves_without_a_capture_or_pawn_move_a_claim_is_verified() {
        // 100 half-moves of pieces only, never the same position twice, then a claim.
        let mut g = game();
        let mut pos = Chess::default();
        let mut seen = std::collections::HashSet::new();
        let key = |p: &Chess| -> Zobrist64 { p.zobrist_hash(EnPassantMode::Legal) };
        seen.insert(key(&pos));
        // Open the bishops' and queens' diagonals first: 1. e3 e6 (pawn moves reset the count).
        for m in ["e2-e3", "e7-e6"] {
            let c = pos.turn();
            g = play(g, c, m, "2026-01-12");
            pos = g.position();
            seen.insert(key(&pos));
        }
        for _ in 0..100 {
            let mv = pos
                .legal_moves()
                .into_iter()
                .filter(|m| m.role() != shakmaty::Role::Pawn && !m.is_capture())
                .find(|m| {
                    let mut p = pos.clone();
                    p.play_unchecked(*m);
                    !seen.contains(&key(&p)) && p.outcome() == Outcome::Unknown
                })
                .expect("a fresh quiet move");
            let text = notation::render_full(&pos, &mv, g.notation);
            let c = pos.turn();
            g = play(g, c, &text, "2026-01-13");
            pos = g.position();
            seen.insert(key(&pos));
        }
        assert!(pos.halfmoves() >= 100);
        let c = pos.turn();
        let h = handle_letter(&g, c, "claim draw", day("2026-01-14"));
        let g = h.record.unwrap();
        assert_eq!(
            (g.result, g.termination),
            (Some(GameResult::Draw), Some(Termination::FiftyMoves))
        );
    }

    #[test]
    fn insufficient_material_ends_the_game_automatically() {
        use shakmaty::CastlingMode;
        let fen: Fen = "8/8/4k3/8/8/3K4/8/8 w - - 0 1".parse().unwrap();
        let pos: Chess = fen.into_position(CastlingMode::Standard).unwrap();
        assert_eq!(
            ended_by_position(&pos),
            Some((GameResult::Draw, Termination::InsufficientMaterial))
        );
        let fen: Fen = "8/8/4k3/8/8/3K4/8/7N w - - 0 1".parse().unwrap();
        let pos: Chess = fen.into_position(CastlingMode::Standard).unwrap();
        assert_eq!(
            ended_by_position(&pos),
            Some((GameResult::Draw, Termination::InsufficientMaterial))
        );
    }
}
