//! Any text as a FEN: either a typed error, or a position that writes back
//! to a FEN reading to the same position, whose moves can be listed, made
//! and written.
#![no_main]

use libfuzzer_sys::fuzz_target;
use roque::board::Position;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(position) = Position::from_fen(&text) else { return };
    let fen = position.fen();
    let again = Position::from_fen(&fen).expect("a written FEN reads back");
    assert_eq!(again.fen(), fen);
    assert_eq!(again.key(), position.key());
    for chess960 in [false, true] {
        for m in position.legal_moves() {
            let text = m.to_uci(chess960);
            assert_eq!(position.parse_uci_move(&text, chess960), Ok(m));
            let next = position.make_move(m);
            let _ = next.fen();
            let _ = position.san(m);
        }
    }
    let _ = position.result_without_history();
});
