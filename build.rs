//! Compiles the preset scenes of `assets/scenes/*.json` into the binary, so the scene menu works
//! from any working directory; with the `bullet` or `ode` feature, builds the engines' C++ shim
//! (`src/engines/shim/shim.cpp`) against the system's Bullet and ODE; with `mujoco`, lets the
//! binaries find libmujoco where it was linked from.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenes");
    println!("cargo:rerun-if-changed=assets/scenes");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".json") && !n.starts_with('.'))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let mut out = String::from("/// `(file name, contents)` of every preset scene.\npub const PRESETS: &[(&str, &str)] = &[\n");
    for n in &names {
        let path = dir.join(n);
        let _ = writeln!(
            out,
            "    ({n:?}, include_str!({:?})),",
            path.display().to_string()
        );
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("presets.rs");
    std::fs::write(dest, out).expect("write presets.rs");

    let native = std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() != Ok("wasm32");
    if native {
        #[cfg(any(feature = "bullet", feature = "ode"))]
        shim();
        if std::env::var_os("CARGO_FEATURE_MUJOCO").is_some() {
            mujoco_rpath();
        }
    }
}

/// Builds `src/engines/shim/shim.cpp` with the Bullet (double precision, `bullet-float64`) and
/// ODE headers of the features turned on, and links their libraries (pkg-config says which).
#[cfg(any(feature = "bullet", feature = "ode"))]
fn shim() {
    println!("cargo:rerun-if-changed=src/engines/shim/shim.cpp");
    let mut build = cc::Build::new();
    build
        .cpp(true)
        .file("src/engines/shim/shim.cpp")
        .flag_if_supported("-std=c++17");
    let mut libraries = Vec::new();
    if cfg!(feature = "bullet") {
        build.define("SATBOX_BULLET", None);
        libraries.push(("bullet-float64", "libbullet-dev"));
    }
    if cfg!(feature = "ode") {
        build.define("SATBOX_ODE", None);
        libraries.push(("ode", "libode-dev"));
    }
    for (name, package) in libraries {
        let library = pkg_config::Config::new().probe(name).unwrap_or_else(|e| {
            panic!("the {name} library was not found ({e}): install it (apt-get install {package})")
        });
        for path in &library.include_paths {
            build.include(path);
        }
        // Bullet's double precision is a define (BT_USE_DOUBLE_PRECISION) its .pc file gives
        for (key, value) in &library.defines {
            build.define(key, value.as_deref());
        }
        let variable = format!("SATBOX_{}_VERSION", name.to_uppercase().replace('-', "_"));
        println!("cargo:rustc-env={variable}={}", library.version);
    }
    build.compile("satbox_shim");
}

/// With the `mujoco` feature: a run path to the folder libmujoco was linked from
/// (`MUJOCO_DYNAMIC_LINK_DIR`, set by .cargo/config.toml to where scripts/mujoco.sh puts it), so
/// that `cargo run` and `cargo test` find it without `LD_LIBRARY_PATH`.
fn mujoco_rpath() {
    println!("cargo:rerun-if-env-changed=MUJOCO_DYNAMIC_LINK_DIR");
    let Some(dir) = std::env::var_os("MUJOCO_DYNAMIC_LINK_DIR") else {
        return;
    };
    let dir = Path::new(&dir);
    if !dir.join("libmujoco.so").exists() {
        panic!(
            "the mujoco feature links libmujoco 3.17.0 from {}, which has no libmujoco.so: run scripts/mujoco.sh first",
            dir.display()
        );
    }
    println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir.display());
}
