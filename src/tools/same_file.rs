//! Refusing an output that is one of a command's own inputs: writing it
//! would destroy what is being read (a trainer's mapped data, a data set
//! replaced by its augmentation).

use std::path::Path;

/// Whether two paths name one existing file: the same device and inode on
/// Unix (links of either kind included), elsewhere the same canonical path.
pub fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (std::fs::metadata(a), std::fs::metadata(b)) {
            (Ok(x), Ok(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

/// An error naming the input that `output` would overwrite, if any.
pub fn refuse_output_among_inputs<'a>(output: &Path, inputs: impl IntoIterator<Item = &'a Path>) -> Result<(), String> {
    match inputs.into_iter().find(|input| same_file(output, input)) {
        Some(input) => Err(format!(
            "the output {} is the input {}: writing it would destroy what is read; give another output",
            output.display(),
            input.display()
        )),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_known_by_any_of_its_names() {
        let dir = std::env::temp_dir().join(format!("roque-same-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("a.bin");
        std::fs::write(&file, b"data").unwrap();
        std::fs::write(dir.join("b.bin"), b"data").unwrap();
        assert!(same_file(&file, &dir.join(".").join("a.bin")));
        assert!(!same_file(&file, &dir.join("b.bin")), "the same bytes, another file");
        assert!(!same_file(&file, &dir.join("new.bin")), "a file not yet written");
        #[cfg(unix)]
        {
            std::fs::hard_link(&file, dir.join("hard.bin")).unwrap();
            std::os::unix::fs::symlink(&file, dir.join("soft.bin")).unwrap();
            assert!(same_file(&file, &dir.join("hard.bin")) && same_file(&file, &dir.join("soft.bin")));
        }
        let error = refuse_output_among_inputs(&file, [dir.join("b.bin").as_path(), file.as_path()]).unwrap_err();
        assert!(error.contains("is the input"), "{error}");
        assert!(refuse_output_among_inputs(&dir.join("new.bin"), [file.as_path()]).is_ok());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
