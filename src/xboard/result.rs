//! A game's result as XBoard reads it: `1-0 {White mates}`,
//! `1/2-1/2 {Draw by threefold repetition}`.

/// The result line for a game's result in Roque's words, `1-0 (checkmate)`
/// or `1/2-1/2 (stalemate)`.
pub fn xboard_result(words: &str) -> String {
    let (score, reason) = words.split_once(' ').unwrap_or((words, ""));
    let reason = reason.trim_start_matches('(').trim_end_matches(')');
    let winner = match score {
        "1-0" => "White",
        "0-1" => "Black",
        _ => return format!("{score} {{Draw by {reason}}}"),
    };
    match reason {
        "checkmate" => format!("{score} {{{winner} mates}}"),
        _ => format!("{score} {{{winner} wins: {reason}}}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_carry_their_reason() {
        assert_eq!(xboard_result("1-0 (checkmate)"), "1-0 {White mates}");
        assert_eq!(xboard_result("0-1 (checkmate)"), "0-1 {Black mates}");
        assert_eq!(xboard_result("1/2-1/2 (threefold repetition)"), "1/2-1/2 {Draw by threefold repetition}");
        assert_eq!(xboard_result("1-0 (stalemated, and wins)"), "1-0 {White wins: stalemated, and wins}");
    }
}
