//! The scene writer on a full disk and in a read-only folder: an error with a message, the
//! previous file intact, no temporary file left behind.
//!
//! Both need a small file system of their own: a 64 kB tmpfs, mounted for the test (root only;
//! when mounting is not allowed, the test says so and checks what it can: a read-only folder by
//! permissions, as a user other than root).

use std::path::{Path, PathBuf};
use std::process::Command;

use glam::{Quat, Vec3};
use satbox::sat::Obb3;
use satbox::scene::file::Scene;
use satbox::scene::Pair;

/// A tmpfs mounted on a fresh folder, unmounted on drop.
struct Tmpfs(PathBuf);

impl Tmpfs {
    fn mount(name: &str, options: &str) -> Option<Self> {
        let dir = std::env::temp_dir().join(format!("satbox-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).ok()?;
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", options, "tmpfs"])
            .arg(&dir)
            .output()
            .is_ok_and(|o| o.status.success());
        if ok {
            Some(Tmpfs(dir))
        } else {
            let _ = std::fs::remove_dir(&dir);
            eprintln!("cannot mount a tmpfs here (not root, or no permission)");
            None
        }
    }

    fn remount(&self, options: &str) -> bool {
        Command::new("mount")
            .args(["-o", &format!("remount,{options}")])
            .arg(&self.0)
            .output()
            .is_ok_and(|o| o.status.success())
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).output();
        let _ = std::fs::remove_dir(&self.0);
    }
}

fn scene(description: &str) -> Scene {
    let a = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY).unwrap();
    let b = Obb3::new(Vec3::new(2.5, 0.0, 0.0), Vec3::ONE, Quat::IDENTITY).unwrap();
    Scene::new(&Pair::Three(a, b), description, serde_json::json!({}))
}

/// Saves a second scene over `path` and checks that it fails with a message, leaving the first
/// one as it was and nothing else in the folder.
fn second_save_fails_and_keeps_the_first(path: &Path, first: &str) {
    let error = scene(&"a much longer description ".repeat(4000))
        .save(path)
        .expect_err("the save must fail");
    let message = error.to_string();
    assert!(message.contains("cannot"), "{message}");
    assert!(message.contains("scene.json"), "names the file: {message}");
    assert_eq!(std::fs::read_to_string(path).unwrap(), first);
    let (read, _) = Scene::load(path).expect("the previous scene still reads");
    assert_eq!(read.description, "the first save");
    let left: Vec<_> = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .filter(|n| n.to_string_lossy().contains(".tmp"))
        .collect();
    assert!(left.is_empty(), "temporary files left behind: {left:?}");
}

#[test]
fn a_full_disk_fails_the_save_with_a_message_and_keeps_the_previous_scene() {
    let Some(fs) = Tmpfs::mount("full", "size=64k") else {
        return;
    };
    let path = fs.0.join("scene.json");
    scene("the first save").save(&path).unwrap();
    let first = std::fs::read_to_string(&path).unwrap();
    // fill what is left
    let filler = vec![0u8; 4096];
    let mut file = std::fs::File::create(fs.0.join("filler")).unwrap();
    while std::io::Write::write_all(&mut file, &filler).is_ok() {}
    drop(file);
    second_save_fails_and_keeps_the_first(&path, &first);
}

#[test]
fn a_read_only_folder_fails_the_save_with_a_message_and_keeps_the_previous_scene() {
    if let Some(fs) = Tmpfs::mount("readonly", "size=1m") {
        let path = fs.0.join("scene.json");
        scene("the first save").save(&path).unwrap();
        let first = std::fs::read_to_string(&path).unwrap();
        assert!(fs.remount("ro"), "remount read-only");
        second_save_fails_and_keeps_the_first(&path, &first);
        return;
    }
    // not root: folder permissions hold (root ignores them: nothing more to test there)
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let dir = std::env::temp_dir().join(format!("satbox-readonly-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    if std::fs::metadata(&dir).unwrap().uid() == 0 {
        eprintln!("root without mount: a read-only folder cannot be made here");
        let _ = std::fs::remove_dir_all(&dir);
        return;
    }
    let path = dir.join("scene.json");
    scene("the first save").save(&path).unwrap();
    let first = std::fs::read_to_string(&path).unwrap();
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o555)).unwrap();
    second_save_fails_and_keeps_the_first(&path, &first);
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}
