//! The rules core: PURE. No IO, no clock, no async, no SQL — every function takes the time it
//! needs (`today: Day`) as an argument and returns decisions as data (`Effect`s) that the shell
//! carries out. A test (`tests/purity.rs`) fails if anything here names tokio, rusqlite,
//! lettre, async_imap, std::fs, std::net or reads the system clock.
//!
//! - `arbiter` the arbiter's commands (letters and `amici arbiter …`), parsed
//! - `model`   the shared vocabulary: modes, notations, parameters, the record's parts
//! - `game`    one game: a letter or a decision in, the new record and the effects out
//! - `notation` text ↔ move in each notation (bg, ru, en, de, ICCF numeric), diagrams
//! - `letter`  a letter's items: moves, dates Г Д Е, time, totals, commands
//! - `verdict` judge(letter, game): accepted / impossible / incorrect / unclear … (Art. 7–22)
//! - `clock`   thinking time: day counting, periods, oversteps, silence, the arbiter's decisions
//! - `leave`   a player's leave book across all his games (Art. 41–46)
//! - `bounce`  a forwarded move that bounced: dead time until it is delivered again (RULES.md §3)
//! - `tick`    the pure daily sweep of one game: notices due, claims filed
//! - `pairing` FIDE Berger tables, double round robin, explicit lists (game numbering)
//! - `stage`   a tournament in stages: Swiss rounds or tables, the knockout top, final places (§12a)
//! - `standings` points and tie-breaks (§708, §709.2); `standings_html` the published page
//! - `team`    team standings (the annex's chain)
//! - `pgn`     one game as PGN: roster, correspondence tags, sending dates and days per move
//! - `pgn_results` results of any PGN collection, for `standings --pgn`
//! - `trf`     TRF-16 export (§709.1)
//! - `trf_read` TRF-16 reader; `dutch` the FIDE (Dutch) system, C.04.3 (§709.1)
//!
//! # Article index
//! Every applicable article, the one file that enforces it and a test that pins it; the table
//! is [`ARTICLES`], rendered here (`tests/article_index.rs` keeps the two equal and true).
//!
//! | article | rule | file | test |
//! |---|---|---|---|
//! | Art. 5 | moves by letter; registered letters | `src/rules/game/post.rs` | `art_5_post_moves_travel_by_letter_amici_records_the_reported_postmarks` |
//! | Art. 6 | e-mail by the regulation; one switch to post | `src/rules/game/post.rs` | `art_6_v_one_switch_to_post_the_clocks_continue` |
//! | Art. 7 | the items of a letter, А–З | `src/rules/verdict/facts.rs` | `art_7_b_whole_score_copied_before_the_own_move` |
//! | Art. 7 notes 1–3 | notation, full and short, numeric beside | `src/rules/notation/mod.rs` | `art_7_note_1_table_rows_each_notation` |
//! | Art. 8 | the e-mail letter; the day of receipt does not count | `src/rules/clock/days.rs` | `art_8_received_11_answered_13_is_one_day` |
//! | Art. 9 | an incomplete letter; a wrong number; the official figures | `src/rules/verdict/official.rs` | `art_9_v_the_official_figures_every_item_by_hand` |
//! | Art. 10 | variants; declined, then played move by move: +5 days | `src/rules/game/variant.rs` | `art_10_declining_a_variant_then_playing_it_move_by_move_costs_5_days` |
//! | Art. 11 | every legal move is correct | `src/rules/verdict/judge.rs` | `art_11_every_legal_move_is_correct` |
//! | Art. 12 | a sent move is final | `src/rules/verdict/judge.rs` | `art_12_a_second_own_move_is_not_your_turn` |
//! | Art. 13 | the three kinds of faulty move | `src/rules/verdict/judge.rs` | `art_13_the_three_kinds_of_faulty_move` |
//! | Art. 14 | an impossible move | `src/rules/verdict/judge.rs` | `art_14_impossible_with_penalty_and_help` |
//! | Art. 15 | an incorrect move: the opponent's move repeated wrongly | `src/rules/verdict/judge.rs` | `art_15_incorrect_repeat_of_the_rule_book_example` |
//! | Art. 16 | an unclear move | `src/rules/verdict/judge.rs` | `art_16_unclear_ambiguous_and_unreadable` |
//! | Art. 17 | +5 days for a faulty move; none for the transport's fault | `src/rules/game/moves.rs` | `art_17_penalty_days_count_in_totals_and_towards_oversteps` |
//! | Art. 18 | no touch-move after a faulty move | `src/rules/verdict/judge.rs` | `art_18_19_after_a_refusal_any_piece_may_move` |
//! | Art. 19 | the new move need not use the same piece | `src/rules/verdict/facts.rs` | `art_18_19_after_a_refusal_any_piece_may_move` |
//! | Art. 20 | a faulty move found later: replay | `src/rules/verdict/judge.rs` | `art_20_a_wrong_repeat_is_caught_on_arrival_so_the_game_never_needs_a_replay` |
//! | Art. 21 | marks and move numbers never refuse a move | `src/rules/notation/mod.rs` | `art_21_marks_never_decide` |
//! | Art. 22 | an unfounded complaint: +5 days | `src/rules/game/sanction.rs` | `art_22_the_arbiter_penalises_an_unfounded_complaint_citing_the_article` |
//! | Art. 23 | 30 / 50 days per 10 moves, cumulative; transit is not thinking time | `src/rules/clock/count.rs` | `art_23_unused_time_carries_over_allowance_is_cumulative` |
//! | Art. 24 | time runs from the start date | `src/rules/clock/days.rs` | `art_24_white_move_1_counts_from_the_start_date` |
//! | Art. 25 | the delay notice | `src/rules/game/commands.rs` | `art_25_a_delay_notice_sent_with_the_move_or_out_of_turn_covers_the_next_move` |
//! | Art. 26 | the silence repeat after 14 days | `src/rules/tick.rs` | `art_26_email_repeat_on_day_14_to_the_silent_player_copy_arbiter` |
//! | Art. 27 | the overstep: more than 30·k / 50·k days | `src/rules/clock/detect.rs` | `art_27_overstep_claim_with_score_table_totals_and_diagram` |
//! | Art. 28 | post: two oversteps, the second loses | `src/rules/clock/state.rs` | `art_28_post_the_first_overstep_lets_play_go_on_the_second_loses` |
//! | Art. 29 | e-mail: the first overstep loses | `src/rules/clock/state.rs` | `art_29_email_first_overstep_loses` |
//! | Art. 30 | post: the count restarts after a first overstep | `src/rules/clock/state.rs` | `art_30_post_restart_after_first_overstep_then_second_loses` |
//! | Art. 31 | e-mail: more than 40 silent days without notice loses | `src/rules/clock/silence.rs` | `art_31_email_claim_after_more_than_40_silent_days` |
//! | Art. 32 | a variant's time: the proposer's first move, the receiver's last | `src/rules/clock/count.rs` | `art_32_accepted_variant_time_goes_to_the_last_move_played` |
//! | Art. 33 | the claim is timely while the overstep lasts | `src/rules/clock/detect.rs` | `art_33_overstep_detected_before_move_10` |
//! | Art. 34 | a claim not made is lost until the next overstep; withdrawn | `src/rules/game/overstep.rs` | `art_34_the_player_claimed_for_may_withdraw_the_claim` |
//! | Art. 35 | post: what a claim carries | `src/rules/clock/evidence.rs` | `art_35_36_claim_carries_score_times_and_position` |
//! | Art. 36 | e-mail: what a claim carries; an admission takes effect at once | `src/rules/game/overstep.rs` | `art_36_note_3_an_admitted_overstep_takes_effect_at_once` |
//! | Art. 37 | the game waits for the arbiter's decision, 7 days | `src/rules/game/overstep.rs` | `art_37_nothing_is_judged_while_the_game_waits_for_the_arbiter` |
//! | Art. 38 | the arbiter confirms or rejects the claim | `src/rules/clock/state.rs` | `art_38_rejected_first_overstep_undoes_the_restart` |
//! | Art. 39 | an objection within 7 days | `src/rules/game/overstep.rs` | `art_39_an_objection_upheld_undoes_the_loss` |
//! | Art. 40 | an unfounded claim: +5 days to the claimant | `src/rules/game/overstep.rs` | `art_40_an_unfounded_player_claim_rejected_costs_the_claimant_5_days` |
//! | Art. 41 | play is suspended for leave or withdrawal | `src/rules/leave.rs` | `art_41_play_is_suspended_for_leave_and_stops_for_a_withdrawal` |
//! | Art. 42 | 30 days of leave a calendar year; none during an extension | `src/rules/leave.rs` | `art_42_leave_quota_across_a_year_boundary` |
//! | Art. 43 | special leave by the arbiter, also retroactive | `src/rules/leave.rs` | `art_43_special_leave_by_the_arbiter_also_retroactive` |
//! | Art. 44 | leave announced before it starts | `src/rules/leave.rs` | `art_44_leave_must_be_announced_before_it_starts` |
//! | Art. 45 | leave suspends every game of the player | `src/rules/game/commands.rs` | `art_45_a_leave_pauses_every_unfinished_game_of_the_player_and_each_opponent_is_told` |
//! | Art. 46 | a move during leave ends it in that game | `src/rules/leave.rs` | `art_46_move_sent_during_leave_ends_it_in_that_game_only` |
//! | Art. 47 | withdrawal; removal when never moved; team replacement, dead time | `src/rules/game/roster.rs` | `art_47_a_a_player_who_never_moved_is_removed_from_every_game_finished_or_not` |
//! | Art. 48 | serious illness or death: adjudication | `src/rules/game/roster.rs` | `art_48_illness_sends_the_unfinished_games_to_adjudication` |
//! | Art. 49 | the end date | `src/rules/game/end.rs` | `art_49_on_the_end_date_an_unfinished_game_stops_a_finished_one_is_untouched` |
//! | Art. 50 | the extension: at most 6 months, under 91 %, 30 days' notice | `src/rules/game/extension.rs` | `art_50_an_extension_of_at_most_6_months_under_91_percent_finished_30_days_before_the_end` |
//! | Art. 51 | no score by the end date: both forfeit | `src/rules/game/end.rs` | `art_51_post_players_are_reminded_to_send_their_score_before_the_end_date` |
//! | Art. 52 | proposals within 15 days of the end date | `src/rules/game/end.rs` | `art_52_at_the_end_date_the_players_are_asked_for_proposals` |
//! | Art. 53 | the adjudicator; equal proposals are the result | `src/rules/game/end.rs` | `art_53_equal_proposals_from_both_players_are_the_result` |
//! | Art. 54 | the adjudicator's decision told within 3 days | `src/rules/game/end.rs` | `art_54_the_adjudicators_decision_is_told_to_both_players` |
//! | Art. 55 | an appeal within 7 days to a second adjudicator | `src/rules/game/end.rs` | `art_55_an_appeal_within_7_days_goes_to_the_second_adjudicator` |
//! | Art. 56 | the arbiter's sanctions | `src/rules/game/sanction.rs` | `art_56_arbiter_declared_first_overstep_is_in_force` |
//! | Art. 57 | a sanction appealed within 7 days | `src/rules/game/sanction.rs` | `art_57_a_sanction_may_be_appealed_within_7_days` |
//! | §707 | early end by proof: claims of a win or draw | `src/rules/game/claims.rs` | `s707_a_claim_the_tablebase_proves_ends_the_game_one_it_refutes_goes_to_the_arbiter` |
//! | §707.3 | a tablebase win counts beyond 50 moves | `src/tablebase.rs` | `s707_3_the_tables_prove_a_win_and_a_draw` |
//! | §708.1–708.2 | a Swiss stage and a knockout top: final places | `src/rules/stage/places.rs` | `s708_1_final_places_winner_finalist_then_semi_final_losers_by_swiss_standing_then_the_rest` |
//! | §708.3 | Buchholz: the sum of the opponents' points | `src/rules/standings.rs` | `s708_3_buchholz_is_the_sum_of_the_opponents_points` |
//! | §708.4 | sum of Buchholz | `src/rules/standings.rs` | `s708_4_sum_of_buchholz_is_the_sum_of_the_opponents_buchholz` |
//! | §709.1 | third-party software: the TRF export | `src/rules/trf.rs` | `s709_1_trf16_export_of_a_round_robin_section` |
//! | §709.1 C.04.3 | Swiss pairings by the FIDE (Dutch) system, from a TRF-16 file | `src/rules/dutch/mod.rs` | `c0403_pairings_agree_with_an_independent_dutch_engine` |
//! | §709.2 | the standings say how they are computed | `src/rules/standings.rs` | `s709_2_definitions_are_printed_in_each_language` |
//! | annex 1 | match points: 2 a win, 1 a draw | `src/rules/team.rs` | `annex_1_match_points_two_for_a_win_one_for_a_draw` |
//! | annex 2 | then total game points | `src/rules/team.rs` | `annex_2_total_game_points_break_equal_match_points` |
//! | annex 3 | then the match between the tied teams | `src/rules/team.rs` | `annex_3_the_match_between_the_tied_teams` |
//! | annex 4 | then the board results of that match | `src/rules/team.rs` | `annex_4_board_results_of_the_direct_match_board_one_first` |
//! | annex 5 | then the board totals over the event | `src/rules/team.rs` | `annex_5_board_totals_over_the_whole_event_board_one_first` |
//! | annex 6 | then board I's player with Black in the direct match | `src/rules/team.rs` | `annex_6_the_team_whose_board_one_player_had_black_in_the_direct_match` |
//! | annex 7 | the event is over: places, relegation, end date | enforced nowhere | no test |
//! | annex 8 | then every unfinished game is adjudicated | `src/rules/game/end.rs` | `annex_8_at_the_end_of_a_team_event_every_unfinished_game_is_adjudicated_the_finished_stand` |

pub mod arbiter;
pub mod bounce;
pub mod clock;
pub mod dutch;
pub mod game;
pub mod leave;
pub mod letter;
pub mod model;
pub mod notation;
pub mod pairing;
pub mod pgn;
pub mod pgn_results;
pub mod stage;
pub mod standings;
pub mod standings_html;
pub mod team;
pub mod tick;
pub mod trf;
pub mod trf_read;
pub mod verdict;

/// One row of the article index: an article of the rule book (`Art. N`), of the tournament
/// excerpt (`§707` …) or of the team annex (`annex N`), the one file that enforces it and a
/// test that pins it. `None` says so plainly: enforced nowhere yet, or no test named for it.
/// `tests/article_index.rs` keeps this table true and the `# Article index` above equal to it.
#[derive(Clone, Copy, Debug)]
pub struct Article {
    /// `Art. 7`, `Art. 7 notes 1–3`, `§707.3`, `annex 4` — each listed once.
    pub article: &'static str,
    /// What it says, in a few words (RULES.md has the whole rule).
    pub rule: &'static str,
    /// The one file that enforces it, from the repository's root.
    pub file: Option<&'static str>,
    /// A test (a `fn` under `src/` or `tests/`) that pins it.
    pub test: Option<&'static str>,
}

const fn art(
    article: &'static str,
    rule: &'static str,
    file: Option<&'static str>,
    test: Option<&'static str>,
) -> Article {
    Article {
        article,
        rule,
        file,
        test,
    }
}

/// The article index: every applicable article (Art. 5–57, §707–709, the team annex), in the
/// rule book's order. The one source of truth; the module doc above is rendered from it.
pub const ARTICLES: &[Article] = &[
    art(
        "Art. 5",
        "moves by letter; registered letters",
        Some("src/rules/game/post.rs"),
        Some("art_5_post_moves_travel_by_letter_amici_records_the_reported_postmarks"),
    ),
    art(
        "Art. 6",
        "e-mail by the regulation; one switch to post",
        Some("src/rules/game/post.rs"),
        Some("art_6_v_one_switch_to_post_the_clocks_continue"),
    ),
    art(
        "Art. 7",
        "the items of a letter, А–З",
        Some("src/rules/verdict/facts.rs"),
        Some("art_7_b_whole_score_copied_before_the_own_move"),
    ),
    art(
        "Art. 7 notes 1–3",
        "notation, full and short, numeric beside",
        Some("src/rules/notation/mod.rs"),
        Some("art_7_note_1_table_rows_each_notation"),
    ),
    art(
        "Art. 8",
        "the e-mail letter; the day of receipt does not count",
        Some("src/rules/clock/days.rs"),
        Some("art_8_received_11_answered_13_is_one_day"),
    ),
    art(
        "Art. 9",
        "an incomplete letter; a wrong number; the official figures",
        Some("src/rules/verdict/official.rs"),
        Some("art_9_v_the_official_figures_every_item_by_hand"),
    ),
    art(
        "Art. 10",
        "variants; declined, then played move by move: +5 days",
        Some("src/rules/game/variant.rs"),
        Some("art_10_declining_a_variant_then_playing_it_move_by_move_costs_5_days"),
    ),
    art(
        "Art. 11",
        "every legal move is correct",
        Some("src/rules/verdict/judge.rs"),
        Some("art_11_every_legal_move_is_correct"),
    ),
    art(
        "Art. 12",
        "a sent move is final",
        Some("src/rules/verdict/judge.rs"),
        Some("art_12_a_second_own_move_is_not_your_turn"),
    ),
    art(
        "Art. 13",
        "the three kinds of faulty move",
        Some("src/rules/verdict/judge.rs"),
        Some("art_13_the_three_kinds_of_faulty_move"),
    ),
    art(
        "Art. 14",
        "an impossible move",
        Some("src/rules/verdict/judge.rs"),
        Some("art_14_impossible_with_penalty_and_help"),
    ),
    art(
        "Art. 15",
        "an incorrect move: the opponent's move repeated wrongly",
        Some("src/rules/verdict/judge.rs"),
        Some("art_15_incorrect_repeat_of_the_rule_book_example"),
    ),
    art(
        "Art. 16",
        "an unclear move",
        Some("src/rules/verdict/judge.rs"),
        Some("art_16_unclear_ambiguous_and_unreadable"),
    ),
    art(
        "Art. 17",
        "+5 days for a faulty move; none for the transport's fault",
        Some("src/rules/game/moves.rs"),
        Some("art_17_penalty_days_count_in_totals_and_towards_oversteps"),
    ),
    art(
        "Art. 18",
        "no touch-move after a faulty move",
        Some("src/rules/verdict/judge.rs"),
        Some("art_18_19_after_a_refusal_any_piece_may_move"),
    ),
    art(
        "Art. 19",
        "the new move need not use the same piece",
        Some("src/rules/verdict/facts.rs"),
        Some("art_18_19_after_a_refusal_any_piece_may_move"),
    ),
    art(
        "Art. 20",
        "a faulty move found later: replay",
        Some("src/rules/verdict/judge.rs"),
        Some("art_20_a_wrong_repeat_is_caught_on_arrival_so_the_game_never_needs_a_replay"),
    ),
    art(
        "Art. 21",
        "marks and move numbers never refuse a move",
        Some("src/rules/notation/mod.rs"),
        Some("art_21_marks_never_decide"),
    ),
    art(
        "Art. 22",
        "an unfounded complaint: +5 days",
        Some("src/rules/game/sanction.rs"),
        Some("art_22_the_arbiter_penalises_an_unfounded_complaint_citing_the_article"),
    ),
    art(
        "Art. 23",
        "30 / 50 days per 10 moves, cumulative; transit is not thinking time",
        Some("src/rules/clock/count.rs"),
        Some("art_23_unused_time_carries_over_allowance_is_cumulative"),
    ),
    art(
        "Art. 24",
        "time runs from the start date",
        Some("src/rules/clock/days.rs"),
        Some("art_24_white_move_1_counts_from_the_start_date"),
    ),
    art(
        "Art. 25",
        "the delay notice",
        Some("src/rules/game/commands.rs"),
        Some("art_25_a_delay_notice_sent_with_the_move_or_out_of_turn_covers_the_next_move"),
    ),
    art(
        "Art. 26",
        "the silence repeat after 14 days",
        Some("src/rules/tick.rs"),
        Some("art_26_email_repeat_on_day_14_to_the_silent_player_copy_arbiter"),
    ),
    art(
        "Art. 27",
        "the overstep: more than 30·k / 50·k days",
        Some("src/rules/clock/detect.rs"),
        Some("art_27_overstep_claim_with_score_table_totals_and_diagram"),
    ),
    art(
        "Art. 28",
        "post: two oversteps, the second loses",
        Some("src/rules/clock/state.rs"),
        Some("art_28_post_the_first_overstep_lets_play_go_on_the_second_loses"),
    ),
    art(
        "Art. 29",
        "e-mail: the first overstep loses",
        Some("src/rules/clock/state.rs"),
        Some("art_29_email_first_overstep_loses"),
    ),
    art(
        "Art. 30",
        "post: the count restarts after a first overstep",
        Some("src/rules/clock/state.rs"),
        Some("art_30_post_restart_after_first_overstep_then_second_loses"),
    ),
    art(
        "Art. 31",
        "e-mail: more than 40 silent days without notice loses",
        Some("src/rules/clock/silence.rs"),
        Some("art_31_email_claim_after_more_than_40_silent_days"),
    ),
    art(
        "Art. 32",
        "a variant's time: the proposer's first move, the receiver's last",
        Some("src/rules/clock/count.rs"),
        Some("art_32_accepted_variant_time_goes_to_the_last_move_played"),
    ),
    art(
        "Art. 33",
        "the claim is timely while the overstep lasts",
        Some("src/rules/clock/detect.rs"),
        Some("art_33_overstep_detected_before_move_10"),
    ),
    art(
        "Art. 34",
        "a claim not made is lost until the next overstep; withdrawn",
        Some("src/rules/game/overstep.rs"),
        Some("art_34_the_player_claimed_for_may_withdraw_the_claim"),
    ),
    art(
        "Art. 35",
        "post: what a claim carries",
        Some("src/rules/clock/evidence.rs"),
        Some("art_35_36_claim_carries_score_times_and_position"),
    ),
    art(
        "Art. 36",
        "e-mail: what a claim carries; an admission takes effect at once",
        Some("src/rules/game/overstep.rs"),
        Some("art_36_note_3_an_admitted_overstep_takes_effect_at_once"),
    ),
    art(
        "Art. 37",
        "the game waits for the arbiter's decision, 7 days",
        Some("src/rules/game/overstep.rs"),
        Some("art_37_nothing_is_judged_while_the_game_waits_for_the_arbiter"),
    ),
    art(
        "Art. 38",
        "the arbiter confirms or rejects the claim",
        Some("src/rules/clock/state.rs"),
        Some("art_38_rejected_first_overstep_undoes_the_restart"),
    ),
    art(
        "Art. 39",
        "an objection within 7 days",
        Some("src/rules/game/overstep.rs"),
        Some("art_39_an_objection_upheld_undoes_the_loss"),
    ),
    art(
        "Art. 40",
        "an unfounded claim: +5 days to the claimant",
        Some("src/rules/game/overstep.rs"),
        Some("art_40_an_unfounded_player_claim_rejected_costs_the_claimant_5_days"),
    ),
    art(
        "Art. 41",
        "play is suspended for leave or withdrawal",
        Some("src/rules/leave.rs"),
        Some("art_41_play_is_suspended_for_leave_and_stops_for_a_withdrawal"),
    ),
    art(
        "Art. 42",
        "30 days of leave a calendar year; none during an extension",
        Some("src/rules/leave.rs"),
        Some("art_42_leave_quota_across_a_year_boundary"),
    ),
    art(
        "Art. 43",
        "special leave by the arbiter, also retroactive",
        Some("src/rules/leave.rs"),
        Some("art_43_special_leave_by_the_arbiter_also_retroactive"),
    ),
    art(
        "Art. 44",
        "leave announced before it starts",
        Some("src/rules/leave.rs"),
        Some("art_44_leave_must_be_announced_before_it_starts"),
    ),
    art(
        "Art. 45",
        "leave suspends every game of the player",
        Some("src/rules/game/commands.rs"),
        Some("art_45_a_leave_pauses_every_unfinished_game_of_the_player_and_each_opponent_is_told"),
    ),
    art(
        "Art. 46",
        "a move during leave ends it in that game",
        Some("src/rules/leave.rs"),
        Some("art_46_move_sent_during_leave_ends_it_in_that_game_only"),
    ),
    art(
        "Art. 47",
        "withdrawal; removal when never moved; team replacement, dead time",
        Some("src/rules/game/roster.rs"),
        Some("art_47_a_a_player_who_never_moved_is_removed_from_every_game_finished_or_not"),
    ),
    art(
        "Art. 48",
        "serious illness or death: adjudication",
        Some("src/rules/game/roster.rs"),
        Some("art_48_illness_sends_the_unfinished_games_to_adjudication"),
    ),
    art(
        "Art. 49",
        "the end date",
        Some("src/rules/game/end.rs"),
        Some("art_49_on_the_end_date_an_unfinished_game_stops_a_finished_one_is_untouched"),
    ),
    art(
        "Art. 50",
        "the extension: at most 6 months, under 91 %, 30 days' notice",
        Some("src/rules/game/extension.rs"),
        Some(
            "art_50_an_extension_of_at_most_6_months_under_91_percent_finished_30_days_before_the_end",
        ),
    ),
    art(
        "Art. 51",
        "no score by the end date: both forfeit",
        Some("src/rules/game/end.rs"),
        Some("art_51_post_players_are_reminded_to_send_their_score_before_the_end_date"),
    ),
    art(
        "Art. 52",
        "proposals within 15 days of the end date",
        Some("src/rules/game/end.rs"),
        Some("art_52_at_the_end_date_the_players_are_asked_for_proposals"),
    ),
    art(
        "Art. 53",
        "the adjudicator; equal proposals are the result",
        Some("src/rules/game/end.rs"),
        Some("art_53_equal_proposals_from_both_players_are_the_result"),
    ),
    art(
        "Art. 54",
        "the adjudicator's decision told within 3 days",
        Some("src/rules/game/end.rs"),
        Some("art_54_the_adjudicators_decision_is_told_to_both_players"),
    ),
    art(
        "Art. 55",
        "an appeal within 7 days to a second adjudicator",
        Some("src/rules/game/end.rs"),
        Some("art_55_an_appeal_within_7_days_goes_to_the_second_adjudicator"),
    ),
    art(
        "Art. 56",
        "the arbiter's sanctions",
        Some("src/rules/game/sanction.rs"),
        Some("art_56_arbiter_declared_first_overstep_is_in_force"),
    ),
    art(
        "Art. 57",
        "a sanction appealed within 7 days",
        Some("src/rules/game/sanction.rs"),
        Some("art_57_a_sanction_may_be_appealed_within_7_days"),
    ),
    art(
        "§707",
        "early end by proof: claims of a win or draw",
        Some("src/rules/game/claims.rs"),
        Some("s707_a_claim_the_tablebase_proves_ends_the_game_one_it_refutes_goes_to_the_arbiter"),
    ),
    art(
        "§707.3",
        "a tablebase win counts beyond 50 moves",
        Some("src/tablebase.rs"),
        Some("s707_3_the_tables_prove_a_win_and_a_draw"),
    ),
    art(
        "§708.1–708.2",
        "a Swiss stage and a knockout top: final places",
        Some("src/rules/stage/places.rs"),
        Some(
            "s708_1_final_places_winner_finalist_then_semi_final_losers_by_swiss_standing_then_the_rest",
        ),
    ),
    art(
        "§708.3",
        "Buchholz: the sum of the opponents' points",
        Some("src/rules/standings.rs"),
        Some("s708_3_buchholz_is_the_sum_of_the_opponents_points"),
    ),
    art(
        "§708.4",
        "sum of Buchholz",
        Some("src/rules/standings.rs"),
        Some("s708_4_sum_of_buchholz_is_the_sum_of_the_opponents_buchholz"),
    ),
    art(
        "§709.1",
        "third-party software: the TRF export",
        Some("src/rules/trf.rs"),
        Some("s709_1_trf16_export_of_a_round_robin_section"),
    ),
    art(
        "§709.1 C.04.3",
        "Swiss pairings by the FIDE (Dutch) system, from a TRF-16 file",
        Some("src/rules/dutch/mod.rs"),
        Some("c0403_pairings_agree_with_an_independent_dutch_engine"),
    ),
    art(
        "§709.2",
        "the standings say how they are computed",
        Some("src/rules/standings.rs"),
        Some("s709_2_definitions_are_printed_in_each_language"),
    ),
    art(
        "annex 1",
        "match points: 2 a win, 1 a draw",
        Some("src/rules/team.rs"),
        Some("annex_1_match_points_two_for_a_win_one_for_a_draw"),
    ),
    art(
        "annex 2",
        "then total game points",
        Some("src/rules/team.rs"),
        Some("annex_2_total_game_points_break_equal_match_points"),
    ),
    art(
        "annex 3",
        "then the match between the tied teams",
        Some("src/rules/team.rs"),
        Some("annex_3_the_match_between_the_tied_teams"),
    ),
    art(
        "annex 4",
        "then the board results of that match",
        Some("src/rules/team.rs"),
        Some("annex_4_board_results_of_the_direct_match_board_one_first"),
    ),
    art(
        "annex 5",
        "then the board totals over the event",
        Some("src/rules/team.rs"),
        Some("annex_5_board_totals_over_the_whole_event_board_one_first"),
    ),
    art(
        "annex 6",
        "then board I's player with Black in the direct match",
        Some("src/rules/team.rs"),
        Some("annex_6_the_team_whose_board_one_player_had_black_in_the_direct_match"),
    ),
    art(
        "annex 7",
        "the event is over: places, relegation, end date",
        None,
        None,
    ),
    art(
        "annex 8",
        "then every unfinished game is adjudicated",
        Some("src/rules/game/end.rs"),
        Some(
            "annex_8_at_the_end_of_a_team_event_every_unfinished_game_is_adjudicated_the_finished_stand",
        ),
    ),
];
