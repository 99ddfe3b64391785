//! Every tunable number of the search, in one table: name, default and the
//! range a tuner may explore. The search reads each value through the
//! accessor of the same name, so a tuner changes values here and nowhere
//! else.

/// One tunable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parameter {
    pub name: &'static str,
    pub default: i32,
    pub min: i32,
    pub max: i32,
}

macro_rules! parameters {
    ($($(#[doc = $doc:literal])* $name:ident = $default:literal in $min:literal..=$max:literal;)*) => {
        /// The table, in declaration order.
        pub const TABLE: &[Parameter] = &[
            $(Parameter { name: stringify!($name), default: $default, min: $min, max: $max },)*
        ];
        $(
            $(#[doc = $doc])*
            #[inline(always)]
            pub const fn $name() -> i32 {
                $default
            }
        )*
    };
}

parameters! {
    /// Half-width of the first aspiration window, centipawns.
    aspiration_delta = 20 in 8..=60;
    /// Depth from which aspiration windows are used.
    aspiration_min_depth = 4 in 2..=8;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_lie_in_their_ranges_and_names_are_unique() {
        for (i, p) in TABLE.iter().enumerate() {
            assert!(p.min <= p.default && p.default <= p.max, "{}", p.name);
            assert!(TABLE[..i].iter().all(|q| q.name != p.name), "{}", p.name);
        }
    }
}
