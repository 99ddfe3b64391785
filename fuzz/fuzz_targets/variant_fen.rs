//! Any text as a FEN in every variant, Elven Chess included: the first line
//! names the variant (`UCI_Variant`'s value), the rest is the FEN. Either a
//! typed error, or a position whose FEN reads back to the same FEN and key,
//! whose legal moves each parse back from their own text, and can be made,
//! leaving a position whose key is its key from nothing and which writes a
//! FEN.
#![no_main]

use libfuzzer_sys::fuzz_target;
use roque::elven::game::ElvenRecord;
use roque::elven::ElvenPosition;
use roque::variants::{Variant, VariantPosition, VariantRecord};

/// Elven Chess: the same checks on the 10x10 board.
fn elven(fen: &str) {
    let Ok(position) = ElvenPosition::from_fen(fen) else { return };
    assert_eq!(position.key(), position.compute_key(), "{fen}");
    let written = position.fen();
    let again = ElvenPosition::from_fen(&written).expect("a written FEN reads back");
    assert_eq!(again.fen(), written);
    assert_eq!(again.key(), position.key(), "{written}");
    let _ = ElvenRecord::new(position).result();
    for m in position.legal_moves() {
        let text = m.to_string();
        assert_eq!(position.parse_move(&text), Ok(m), "{text} in {written}");
        let next = position.make(m);
        assert_eq!(next.key(), next.compute_key(), "{text} in {written}");
        let _ = next.fen();
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Some((name, fen)) = text.split_once('\n') else { return };
    if name.trim().eq_ignore_ascii_case(roque::elven::UCI_NAME) {
        return elven(fen);
    }
    let Some(variant) = Variant::from_name(name.trim()).filter(|&v| v != Variant::Chess) else { return };
    let Ok(position) = VariantPosition::from_fen(variant, fen) else { return };
    assert_eq!(position.key(), position.compute_key(), "{fen}");
    let written = position.fen();
    let again = VariantPosition::from_fen(variant, &written).expect("a written FEN reads back");
    assert_eq!(again.fen(), written);
    assert_eq!(again.key(), position.key(), "{written}");
    let game = VariantRecord::new(position);
    let _ = game.result();
    for chess960 in [false, true] {
        for action in position.legal_actions() {
            let text = action.to_uci(chess960);
            assert_eq!(position.parse_action(&text, chess960), Ok(action), "{text} in {written}");
            let next = position.make(action);
            assert_eq!(next.key(), next.compute_key(), "{text} in {written}");
            let _ = next.fen();
        }
    }
});
