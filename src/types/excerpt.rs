//! User text quoted back in messages.

/// At most 40 characters of user text, for error messages: a 100,000
/// character line is not echoed back whole.
pub fn excerpt(text: &str) -> String {
    const LIMIT: usize = 40;
    if text.chars().count() <= LIMIT {
        text.to_string()
    } else {
        format!("{}...", text.chars().take(LIMIT).collect::<String>())
    }
}
