//! The Syzygy prober on the tables copied into `tests/data/syzygy` (KQvK,
//! KRvK, KQvKR, KBNvK, KBvK, KNvK, KPvK): values against python-chess,
//! damaged and missing tables, and the ranking of root moves.

use roque::board::{ChessRecord, Position};
use roque::tablebase::table::Kind;
use roque::tablebase::{rank_root_moves, TableOutcome, Tablebases, Wdl};

fn directory() -> String {
    format!("{}/tests/data/syzygy", env!("CARGO_MANIFEST_DIR"))
}

fn tables() -> Tablebases {
    let loaded = Tablebases::load(&directory());
    assert!(loaded.problems.is_empty(), "{:?}", loaded.problems);
    loaded.tablebases
}

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn the_test_tables_load() {
    let tables = tables();
    assert_eq!(tables.counts(), (7, 7));
    assert_eq!(tables.max_pieces(), 4);
}

/// `tests/data/syzygy-probes.epd`: 280 random positions of the seven
/// tables with python-chess's WDL and DTZ, written by
/// `scripts/syzygy-compare.py --tables tests/data/syzygy --per-table 40
/// --seed 7 --write-epd tests/data/syzygy-probes.epd`.
#[test]
fn wdl_and_dtz_agree_with_python_chess() {
    let tables = tables();
    let data = include_str!("data/syzygy-probes.epd");
    let mut count = 0;
    for line in data.lines() {
        let mut fields = line.split(" ;");
        let fen = fields.next().unwrap();
        let wdl: i32 = fields.next().unwrap().trim_start_matches("wdl ").parse().unwrap();
        let dtz: i32 = fields.next().unwrap().trim_start_matches("dtz ").parse().unwrap();
        let position = position(fen);
        assert_eq!(tables.probe_wdl(&position).map(Wdl::value), Some(wdl), "WDL of {fen}");
        assert_eq!(tables.probe_dtz(&position), Some(dtz), "DTZ of {fen}");
        count += 1;
    }
    assert_eq!(count, 280);
}

#[test]
fn known_positions() {
    let tables = tables();
    // Values from python-chess's chess.syzygy on the same tables.
    let cases = [
        // K+R v K: won, 27 plies to zeroing (the mate); Black to move, lost.
        ("8/8/8/4k3/8/8/8/R3K3 w - - 0 1", Wdl::Win, 27),
        ("8/8/8/4k3/8/8/8/R3K3 b - - 0 1", Wdl::Loss, -28),
        // K+B+N v K, a long win.
        ("8/8/8/4k3/8/8/3NK3/4B3 w - - 0 1", Wdl::Win, 52),
        ("8/8/8/4k3/8/8/3NK3/4B3 b - - 90 100", Wdl::Loss, -55),
        // The black pawn queens: lost for White; a move earlier, drawn.
        ("8/8/8/8/8/2k5/1p6/1K6 w - - 0 60", Wdl::Loss, -4),
        ("8/8/8/8/8/1k6/1p6/1K6 w - - 0 1", Wdl::Draw, 0),
        // K+P v K won with the opposition, and from the start squares.
        ("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1", Wdl::Win, 3),
        ("4k3/8/4K3/4P3/8/8/8/8 b - - 0 1", Wdl::Loss, -4),
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", Wdl::Win, 9),
        // K+Q v K+R: the rook hangs (the capture is the best move); a
        // quiet position either side to move.
        ("8/8/8/3k4/8/8/1r5Q/K7 w - - 0 1", Wdl::Win, 1),
        ("7Q/8/8/3k4/8/8/r7/2K5 w - - 0 1", Wdl::Win, 3),
        ("7Q/8/8/3k4/8/8/r7/2K5 b - - 0 1", Wdl::Loss, -50),
        // Stalemate is a draw, mate a loss.
        ("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", Wdl::Draw, 0),
        ("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1", Wdl::Loss, -1),
    ];
    for (fen, wdl, dtz) in cases {
        let position = position(fen);
        assert_eq!(tables.probe_wdl(&position), Some(wdl), "WDL of {fen}");
        assert_eq!(tables.probe_dtz(&position), Some(dtz), "DTZ of {fen}");
    }
}

#[test]
fn positions_without_a_table_are_no_error() {
    let tables = tables();
    // K+R v K+N: no table here; five pieces: more than any table; castling
    // rights: never in a table.
    for fen in [
        "8/8/4k3/8/2n5/8/8/R3K3 w - - 0 1",
        "8/8/4k3/8/2n5/8/8/RR2K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ] {
        let position = position(fen);
        assert_eq!(tables.probe_wdl(&position), None, "{fen}");
        assert_eq!(tables.probe_dtz(&position), None, "{fen}");
    }
    // Only the K+Q v K+R table: a position needing no other is answered,
    // one whose captures lead to K+Q v K is not.
    let only_kqkr = Tablebases::from_bytes(vec![(
        "KQvKR",
        Kind::Wdl,
        std::fs::read(format!("{}/KQvKR.rtbw", directory())).unwrap(),
    )])
    .unwrap();
    // The queen can take the rook: KQvK is needed and missing.
    let position = position("8/8/8/3k4/8/8/1r5Q/K7 w - - 0 1");
    assert!(position.legal_moves().iter().any(|m| position.piece_on(m.to()).is_some()));
    assert_eq!(only_kqkr.probe_wdl(&position), None);
    // Without captures the table alone answers.
    let quiet = self::position("7Q/8/8/3k4/8/8/r7/2K5 w - - 0 1");
    assert!(quiet.legal_moves().iter().all(|m| quiet.piece_on(m.to()).is_none()));
    assert_eq!(only_kqkr.probe_wdl(&quiet), tables.probe_wdl(&quiet));
}

#[test]
fn missing_or_damaged_files_are_reported_not_fatal() {
    let loaded = Tablebases::load("/nonexistent/syzygy:<empty>");
    assert!(loaded.tablebases.is_empty());
    assert_eq!(loaded.problems.len(), 1);
    assert!(loaded.problems[0].contains("/nonexistent/syzygy"), "{:?}", loaded.problems);

    let bytes = std::fs::read(format!("{}/KQvKR.rtbw", directory())).unwrap();
    // A wrong magic number and a truncated header are refused.
    let mut wrong_magic = bytes.clone();
    wrong_magic[0] ^= 0xFF;
    assert!(Tablebases::from_bytes(vec![("KQvKR", Kind::Wdl, wrong_magic)]).unwrap_err().contains("magic"));
    for length in [5, 20, 100, 1000] {
        let error = Tablebases::from_bytes(vec![("KQvKR", Kind::Wdl, bytes[..length].to_vec())]).err();
        assert!(error.is_some_and(|e| e.contains("damaged")), "{length} bytes");
    }
    // A table whose name does not match its contents is refused.
    assert!(Tablebases::from_bytes(vec![("KPvKR", Kind::Wdl, bytes.clone())]).is_err());
}

/// Damage anywhere in a file may give wrong values, but never a panic or a
/// read outside the file.
#[test]
fn probing_damaged_tables_never_panics() {
    let good = tables();
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut random = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let fens: Vec<&str> =
        include_str!("data/syzygy-probes.epd").lines().map(|l| l.split(" ;").next().unwrap()).collect();
    for name in ["KQvKR", "KBNvK", "KPvK"] {
        for kind in [Kind::Wdl, Kind::Dtz] {
            let path = format!("{}/{name}.{}", directory(), kind.extension());
            let bytes = std::fs::read(path).unwrap();
            for _ in 0..40 {
                let mut damaged = bytes.clone();
                for _ in 0..1 + random() % 8 {
                    let at = (random() % damaged.len() as u64) as usize;
                    damaged[at] = random() as u8;
                }
                let mut files = vec![(name, kind, damaged)];
                for other in ["KQvK", "KRvK", "KBvK", "KNvK"] {
                    for other_kind in [Kind::Wdl, Kind::Dtz] {
                        let path = format!("{}/{other}.{}", directory(), other_kind.extension());
                        files.push((other, other_kind, std::fs::read(path).unwrap()));
                    }
                }
                let Ok(tables) = Tablebases::from_bytes(files) else { continue };
                for fen in &fens {
                    let position = position(fen);
                    let _ = tables.probe_wdl(&position);
                    let _ = tables.probe_dtz(&position);
                }
            }
        }
    }
    // The undamaged tables still answer.
    assert_eq!(good.probe_wdl(&position("8/8/8/4k3/8/8/8/R3K3 w - - 0 1")), Some(Wdl::Win));
}

#[test]
fn the_root_keeps_only_moves_that_keep_the_result() {
    let tables = tables();
    // Positions where some moves give the win away (K+R v K: none does).
    for (fen, some_dropped) in [
        ("7Q/8/8/3k4/8/8/r7/2K5 w - - 0 1", true),
        ("8/8/8/4k3/8/8/3NK3/4B3 w - - 0 1", true),
        ("8/8/8/4k3/8/8/8/R3K3 w - - 0 1", false),
        ("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1", true),
    ] {
        let root = position(fen);
        let game = ChessRecord::new(root);
        let legal = root.legal_moves();
        let ranking = rank_root_moves(&tables, &root, &legal, game.keys(), true).unwrap();
        assert!(ranking.by_dtz);
        assert_eq!(ranking.moves.len() < legal.len(), some_dropped, "{fen}");
        assert!(!ranking.moves.is_empty(), "{fen}");
        for kept in &ranking.moves {
            let child = root.make_move(kept.mv);
            assert_eq!(tables.probe_wdl(&child), Some(Wdl::Loss), "{fen}: {:?} keeps the win", kept.mv);
        }
        // Every move dropped from a won position gives the win away or
        // delays it past the fifty-move limit.
        let dropped = legal.iter().filter(|m| !ranking.moves.iter().any(|k| k.mv == **m));
        for &m in dropped {
            let child = root.make_move(m);
            let wdl = tables.probe_wdl(&child).unwrap();
            let dtz = tables.probe_dtz(&child).unwrap();
            assert!(wdl != Wdl::Loss || -dtz + 1 > 99, "{fen}: dropped a sure win");
        }
    }
}

#[test]
fn the_root_holds_a_draw_and_resists_a_loss() {
    let tables = tables();
    // K v K+P: only Ke2 holds the draw (Kd1 and Kf1 lose).
    let root = position("8/8/8/8/4k3/4p3/8/4K3 w - - 0 1");
    let ranking = rank_root_moves(&tables, &root, &root.legal_moves(), ChessRecord::new(root).keys(), true).unwrap();
    let kept: Vec<String> = ranking.moves.iter().map(|k| k.mv.to_uci(false)).collect();
    assert_eq!(kept, ["e1e2"]);
    for kept in &ranking.moves {
        assert_eq!(tables.probe_wdl(&root.make_move(kept.mv)), Some(Wdl::Draw));
        assert_eq!(kept.outcome, TableOutcome::Near(0));
    }
    // Losing with the fifty-move draw in sight: the longest resistance.
    let root = position("8/8/8/4k3/8/8/3NK3/4B3 b - - 90 100");
    let ranking = rank_root_moves(&tables, &root, &root.legal_moves(), ChessRecord::new(root).keys(), true).unwrap();
    let best = ranking.moves[0];
    for m in root.legal_moves() {
        let dtz = tables.probe_dtz(&root.make_move(m)).unwrap();
        let kept_dtz = tables.probe_dtz(&root.make_move(best.mv)).unwrap();
        assert!(dtz <= kept_dtz, "a move resisting longer was dropped");
    }
}
