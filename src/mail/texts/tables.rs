//! The words of the standings tables (`rules::standings::Word`) from the catalogue: the core
//! names what its tables print, and this says it in the reader's language.

use super::{Key, text};
use crate::rules::model::Lang;
use crate::rules::standings::{Tiebreak, Word, Wording};

impl Wording for Lang {
    fn word(self, word: Word) -> &'static str {
        text(self, key(word))
    }
}

/// The catalogue's key for a word of the tables.
fn key(word: Word) -> Key {
    match word {
        Word::Rank => Key::StandingsRank,
        Word::Player => Key::StandingsPlayer,
        Word::Points => Key::StandingsPoints,
        Word::Games => Key::StandingsGames,
        Word::Generated => Key::StandingsGenerated,
        Word::AsOf => Key::StandingsAsOf,
        Word::Legend => Key::StandingsLegend,
        Word::PageLang => Key::PageLang,
        Word::DateFormat => Key::PageDateFormat,
        Word::RankingIntro => Key::RankingIntro,
        Word::RankingPointsOnly => Key::RankingPointsOnly,
        Word::RankingTail => Key::RankingTail,
        Word::BuchholzPlainUnplayed => Key::BuchholzPlainUnplayed,
        Word::Short(Tiebreak::Buchholz) => Key::ShortBuchholz,
        Word::Short(Tiebreak::BuchholzCut1) => Key::ShortBuchholzCut1,
        Word::Short(Tiebreak::SumBuchholz) => Key::ShortSumBuchholz,
        Word::Short(Tiebreak::SonnebornBerger) => Key::ShortSonnebornBerger,
        Word::Short(Tiebreak::Wins) => Key::ShortWins,
        Word::Short(Tiebreak::BlackWins) => Key::ShortBlackWins,
        Word::Short(Tiebreak::DirectEncounter) => Key::ShortDirectEncounter,
        Word::Definition(Tiebreak::Buchholz) => Key::DefinitionBuchholz,
        Word::Definition(Tiebreak::BuchholzCut1) => Key::DefinitionBuchholzCut1,
        Word::Definition(Tiebreak::SumBuchholz) => Key::DefinitionSumBuchholz,
        Word::Definition(Tiebreak::SonnebornBerger) => Key::DefinitionSonnebornBerger,
        Word::Definition(Tiebreak::Wins) => Key::DefinitionWins,
        Word::Definition(Tiebreak::BlackWins) => Key::DefinitionBlackWins,
        Word::Definition(Tiebreak::DirectEncounter) => Key::DefinitionDirectEncounter,
        Word::Team => Key::TeamColumn,
        Word::MatchPoints => Key::TeamMatchPoints,
        Word::GamePoints => Key::TeamGamePoints,
        Word::Boards => Key::TeamBoards,
        Word::TeamRankingIntro => Key::TeamRankingIntro,
        Word::TeamByMatchPoints => Key::TeamByMatchPoints,
        Word::TeamByGamePoints => Key::TeamByGamePoints,
        Word::TeamByMatch => Key::TeamByMatch,
        Word::TeamByBoardsOfMatch => Key::TeamByBoardsOfMatch,
        Word::TeamByBoardTotals => Key::TeamByBoardTotals,
        Word::TeamByBlackOnBoardOne => Key::TeamByBlackOnBoardOne,
    }
}
