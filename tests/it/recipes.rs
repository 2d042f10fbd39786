//! docs/architecture.md's two recipes, tried: "add a screen" shows the
//! audit log's file and `register!` line as they are in the source, and
//! "add a view over rows already listed" is the file below
//! (`recipes/products_by_type.rs`), compiled here as it would be under
//! `src/app/screens/` and driven as the app drives a screen.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Instant;

use boxoffice::api::model::Product;
use boxoffice::api::model::envelope::decode_page;
use boxoffice::app::cmd::Cmd;
use boxoffice::app::list::{ListQuery, PageIn};
use boxoffice::app::msg::Reply;
use boxoffice::app::screens::Component;
use boxoffice::app::{AppOptions, Model};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

// The names the recipe's `crate::` and `super::` paths reach, as from a
// file under src/app/screens/.
pub(crate) mod app {
    pub use boxoffice::app::*;
}
pub(crate) mod ui {
    pub use boxoffice::ui::*;
}
mod listing {
    pub use boxoffice::app::screens::listing::*;
}

#[path = "recipes/products_by_type.rs"]
mod products_by_type;

use products_by_type::ProductsByTypeScreen;

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// The fenced `lang` block that follows `heading` in docs/architecture.md.
fn block(heading: &str, lang: &str) -> String {
    let doc = read("docs/architecture.md");
    let at = doc
        .find(heading)
        .unwrap_or_else(|| panic!("no {heading:?}"));
    let fence = format!("```{lang}\n");
    let start = doc[at..].find(&fence).unwrap() + at + fence.len();
    let end = doc[start..].find("\n```").unwrap() + start;
    doc[start..=end].to_string()
}

#[test]
fn the_add_a_screen_recipe_is_the_audit_log_as_it_is() {
    let diff = block("### The audit log, registered this way", "diff");
    let (file, registry) = diff
        .split_once("--- a/src/app/screens.rs")
        .expect("the diff's two files");
    let added: String = file
        .lines()
        .filter_map(|l| l.strip_prefix('+').filter(|_| !l.starts_with("+++")))
        .fold(String::new(), |text, l| text + l + "\n");
    assert_eq!(added, read("src/app/screens/audit.rs"));
    let line = registry
        .lines()
        .find_map(|l| l.strip_prefix('+').filter(|_| !l.starts_with("+++")))
        .unwrap();
    assert!(
        read("src/app/screens.rs").contains(line.trim()),
        "{line:?} is not in register!"
    );
}

#[test]
fn the_add_a_view_recipe_is_one_file_that_lists_and_sorts() {
    assert_eq!(
        block("### Products by type", "rust"),
        read("tests/it/recipes/products_by_type.rs")
    );
    let options = AppOptions::default();
    let mut model = Model::new(options, "http://127.0.0.1:9", Instant::now(), (80, 24));
    let (mut screen, cmd) =
        ProductsByTypeScreen::open(&mut model.ctx(), ListQuery::Products, "By type".into());
    let Cmd::LoadList { req, list } = cmd else {
        panic!("{cmd:?}")
    };
    assert_eq!(list, ListQuery::Products);
    let body = read("assets/fixtures/products_list.json");
    let page = decode_page::<Product>(body.as_bytes(), true).unwrap();
    let mut types: Vec<String> = page
        .items
        .iter()
        .map(|p| p.ecommerce_type.clone())
        .collect();
    assert!(types.len() > 1);
    let reply = Reply::Page(Ok(PageIn::new(1, 1, page)));
    screen.reply(req, reply, &mut model.ctx());
    types.sort();
    let shown: Vec<String> = (0..screen.list.visible_len())
        .map(|i| {
            let row = screen.list.visible_row(i).unwrap();
            boxoffice::app::list::rows::ProductRow::TYPE
                .value(row)
                .into_owned()
        })
        .collect();
    assert_eq!(shown, types, "sorted by type");
    let mut term = Terminal::new(TestBackend::new(80, 12)).unwrap();
    term.draw(|f| screen.render(f, f.area(), boxoffice::ui::Theme::new(false)))
        .unwrap();
    let text: String = term
        .backend()
        .buffer()
        .content()
        .iter()
        .map(ratatui::buffer::Cell::symbol)
        .collect();
    assert!(text.contains("sort: type ▲"), "{text}");
    assert!(text.contains("type") && text.contains("name") && text.contains("price"));
}
