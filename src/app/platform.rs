//! What the desktop and the browser do differently, behind one set of functions, so that the rest
//! of the app has no `cfg` in it. On the desktop the app uses files and egui's clipboard; in the
//! browser (`wasm32`) it keeps the last state in the page's local storage, saves by downloading,
//! opens files dropped on the page or chosen with a file picker, and keeps the scene's link in the
//! address bar. The browser's side of these functions is `web/satbox.js`.

/// Whether this build runs in a browser.
pub(crate) const WEB: bool = cfg!(target_arch = "wasm32");

/// A file the user dropped on the page or chose in the picker: its name and its text (or why it
/// could not be read).
pub(crate) type OpenedFile = (String, Result<String, String>);

pub(crate) use imp::*;

#[cfg(target_arch = "wasm32")]
mod imp {
    use sapp_jsutils::JsObject;

    use super::OpenedFile;

    extern "C" {
        fn satbox_storage_get(key: JsObject) -> JsObject;
        fn satbox_storage_set(key: JsObject, value: JsObject) -> u32;
        fn satbox_download(name: JsObject, text: JsObject);
        fn satbox_copy(text: JsObject);
        fn satbox_address() -> JsObject;
        fn satbox_set_fragment(fragment: JsObject);
        fn satbox_set_status(text: JsObject);
        fn satbox_choose_file();
        fn satbox_take_file() -> JsObject;
        fn satbox_touch_screen() -> u32;
    }

    /// The version `web/satbox.js` checks it was loaded with.
    #[no_mangle]
    pub extern "C" fn satbox_web_crate_version() -> u32 {
        1
    }

    fn text(o: &JsObject) -> Option<String> {
        if o.is_nil() || o.is_undefined() {
            return None;
        }
        let mut s = String::new();
        o.to_string(&mut s);
        Some(s)
    }

    /// The value under `key` in the page's local storage.
    pub(crate) fn storage_get(key: &str) -> Option<String> {
        text(&unsafe { satbox_storage_get(JsObject::string(key)) })
    }

    /// Stores `value` under `key`; `false` when the browser refused (storage full or disabled).
    pub(crate) fn storage_set(key: &str, value: &str) -> bool {
        unsafe { satbox_storage_set(JsObject::string(key), JsObject::string(value)) == 1 }
    }

    /// Offers `text` as a download named `name`.
    pub(crate) fn download(name: &str, text: &str) {
        unsafe { satbox_download(JsObject::string(name), JsObject::string(text)) }
    }

    /// Puts `text` on the system clipboard (egui's copy alone only reaches it on Ctrl+C).
    pub(crate) fn copy_text(ctx: &egui_macroquad::egui::Context, text: String) {
        unsafe { satbox_copy(JsObject::string(&text)) };
        ctx.copy_text(text);
    }

    /// The page's address.
    pub(crate) fn address() -> Option<String> {
        text(&unsafe { satbox_address() })
    }

    /// Shows `fragment` after the `#` of the page's address, without a new history entry.
    pub(crate) fn set_fragment(fragment: &str) {
        unsafe { satbox_set_fragment(JsObject::string(fragment)) }
    }

    /// Puts `text` in the page's status line (an ARIA live region: screen readers say it).
    pub(crate) fn set_status(text: &str) {
        unsafe { satbox_set_status(JsObject::string(text)) }
    }

    /// Opens the browser's file picker; the file chosen arrives through [`take_opened_file`].
    pub(crate) fn choose_file() {
        unsafe { satbox_choose_file() }
    }

    /// Whether the page's main pointer is a finger (CSS `pointer: coarse`): a phone or a tablet.
    pub(crate) fn touch_screen() -> bool {
        unsafe { satbox_touch_screen() != 0 }
    }

    /// The next file dropped on the page or chosen in the picker.
    pub(crate) fn take_opened_file() -> Option<OpenedFile> {
        let o = unsafe { satbox_take_file() };
        if o.is_nil() || o.is_undefined() {
            return None;
        }
        let name = text(&o.field("name")).unwrap_or_default();
        let body = text(&o.field("text"))
            .ok_or_else(|| text(&o.field("error")).unwrap_or_else(|| "unreadable".into()));
        Some((name, body))
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use super::OpenedFile;

    /// The desktop keeps its state in files (see `library`): there is no local storage.
    pub(crate) fn storage_get(_key: &str) -> Option<String> {
        None
    }

    /// The desktop keeps its state in files: nothing is stored.
    pub(crate) fn storage_set(_key: &str, _value: &str) -> bool {
        false
    }

    /// The desktop writes files instead (see `library`).
    pub(crate) fn download(_name: &str, _text: &str) {}

    /// Puts `text` on the clipboard through egui.
    pub(crate) fn copy_text(ctx: &egui_macroquad::egui::Context, text: String) {
        ctx.copy_text(text);
    }

    /// The desktop has no page address.
    pub(crate) fn address() -> Option<String> {
        None
    }

    /// The desktop has no address bar.
    pub(crate) fn set_fragment(_fragment: &str) {}

    /// The desktop's panel shows the verdict; there is no page.
    pub(crate) fn set_status(_text: &str) {}

    /// The desktop's Open window takes a path.
    pub(crate) fn choose_file() {}

    /// The desktop learns of a touch screen from its first touch.
    pub(crate) fn touch_screen() -> bool {
        false
    }

    /// Files arrive by path on the desktop.
    pub(crate) fn take_opened_file() -> Option<OpenedFile> {
        None
    }
}
