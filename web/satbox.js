"use strict";
// satbox's side of the page: what the app does the browser's way instead of with files and a
// clipboard. A miniquad plugin; strings cross as sapp_jsutils objects (sapp_jsutils.js, loaded
// before this file). The Rust side is src/app/platform/web.rs.

var satbox_files = [];   // files dropped on the page or chosen in the picker, until the app takes them

function satbox_queue_files(list) {
    for (var i = 0; i < list.length; i++) {
        (function (file) {
            file.text().then(function (text) {
                satbox_files.push({ name: file.name, text: text });
            }, function (e) {
                satbox_files.push({ name: file.name, text: null, error: String(e) });
            });
        })(list[i]);
    }
}

function satbox_page_events() {
    var picker = document.getElementById("satbox-open");
    if (picker) {
        picker.addEventListener("change", function () {
            satbox_queue_files(picker.files);
            picker.value = "";
        });
    }
    var depth = 0;
    window.addEventListener("dragenter", function (e) {
        e.preventDefault();
        depth += 1;
        document.body.classList.add("satbox-dragging");
    });
    window.addEventListener("dragleave", function () {
        depth = Math.max(0, depth - 1);
        if (depth == 0) document.body.classList.remove("satbox-dragging");
    });
    window.addEventListener("dragover", function (e) { e.preventDefault(); });
    // capture: the page takes the file before gl.js's own drop handler on the canvas
    window.addEventListener("drop", function (e) {
        e.preventDefault();
        e.stopPropagation();
        depth = 0;
        document.body.classList.remove("satbox-dragging");
        if (e.dataTransfer && e.dataTransfer.files) satbox_queue_files(e.dataTransfer.files);
    }, true);
}

// satbox's own Ctrl shortcuts (save, open, undo, redo) instead of the browser's; the app still
// sees the keys, since only the browser's default action is prevented
function satbox_shortcuts() {
    window.addEventListener("keydown", function (e) {
        if ((e.ctrlKey || e.metaKey) && ["s", "o", "z", "y"].indexOf(e.key.toLowerCase()) >= 0) {
            e.preventDefault();
        }
    }, true);
}

function satbox_register(importObject) {
    var env = importObject.env;
    env.satbox_storage_get = function (key) {
        var value = null;
        try { value = window.localStorage.getItem(consume_js_object(key)); } catch (e) { }
        return js_object(value);
    };
    // 1 when written, 0 when the browser refused (storage full or disabled)
    env.satbox_storage_set = function (key, value) {
        try {
            window.localStorage.setItem(consume_js_object(key), consume_js_object(value));
            return 1;
        } catch (e) {
            return 0;
        }
    };
    env.satbox_download = function (name, text) {
        var blob = new Blob([consume_js_object(text)], { type: "application/json" });
        var a = document.createElement("a");
        a.href = URL.createObjectURL(blob);
        a.download = consume_js_object(name);
        document.body.appendChild(a);
        a.click();
        setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
    };
    env.satbox_copy = function (text) {
        var t = consume_js_object(text);
        window.satbox_last_copied = t;
        if (navigator.clipboard && navigator.clipboard.writeText) {
            navigator.clipboard.writeText(t).catch(function () { });
        }
    };
    // 1 when the page's main pointer is a finger (a phone or a tablet): handles are finger-sized
    // from the first frame
    env.satbox_touch_screen = function () {
        return window.matchMedia && window.matchMedia("(pointer: coarse)").matches ? 1 : 0;
    };
    env.satbox_address = function () {
        return js_object(window.location.href);
    };
    // the scene's link in the address bar, without a new history entry
    env.satbox_set_fragment = function (fragment) {
        var f = consume_js_object(fragment);
        if (window.location.hash.slice(1) !== f) {
            history.replaceState(null, "", "#" + f);
        }
    };
    env.satbox_set_status = function (text) {
        var status = document.getElementById("satbox-status");
        if (status) status.textContent = consume_js_object(text);
        // the first frame has drawn: the loading line gives way
        var loading = document.getElementById("satbox-loading");
        if (loading) loading.classList.add("done");
    };
    env.satbox_choose_file = function () {
        var picker = document.getElementById("satbox-open");
        if (picker) picker.click();
    };
    env.satbox_take_file = function () {
        return js_object(satbox_files.length ? satbox_files.shift() : null);
    };
}

// The loading line: the wasm fetched with its progress (bytes of the total when the server says
// it), checked, then handed to miniquad's own loader from memory; a line in red if it fails.
function satbox_load(path) {
    var text = document.getElementById("satbox-loading-text");
    var bar = document.getElementById("satbox-loading-bar");
    var mb = function (n) { return (n / 1048576).toFixed(1) + " MB"; };
    var fail = function (why) {
        document.getElementById("satbox-loading").classList.add("failed");
        text.textContent = "satbox could not load: " + why;
        if (bar) bar.remove();
    };
    fetch(path).then(function (response) {
        if (!response.ok) throw new Error(path + " answered " + response.status);
        var total = Number(response.headers.get("Content-Length")) || 0;
        if (total) {
            bar.max = total;
            text.textContent = "Loading satbox, " + mb(total) + "…";
        }
        if (!response.body || !response.body.getReader) return response.arrayBuffer();
        var reader = response.body.getReader(), chunks = [], got = 0;
        var pump = function () {
            return reader.read().then(function (step) {
                if (step.done) return new Blob(chunks).arrayBuffer();
                chunks.push(step.value);
                got += step.value.length;
                if (total) {
                    bar.value = got;
                    text.textContent = "Loading satbox, " + mb(got) + " of " + mb(total) + "…";
                }
                return pump();
            });
        };
        return pump();
    }).then(function (bytes) {
        if (!WebAssembly.validate(bytes)) throw new Error(path + " is not a WebAssembly module");
        text.textContent = "Starting satbox…";
        if (bar) bar.removeAttribute("value");
        load(URL.createObjectURL(new Blob([bytes], { type: "application/wasm" })));
    }).catch(function (e) {
        fail(e && e.message ? e.message : String(e));
    });
}

satbox_page_events();
satbox_shortcuts();
miniquad_add_plugin({ register_plugin: satbox_register, name: "satbox_web", version: 1 });
