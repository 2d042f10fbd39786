//! Nothing cut at 80×24 (issue 19, item 9): the Event screen's counters and
//! the events list's past/today/later column fit, checked at 40×12, 80×24
//! and 160×45 on the large business's stadium event.

use crate::demo;
use crate::drive::{ch, render};

const SIZES: [(u16, u16); 3] = [(40, 12), (80, 24), (160, 45)];

/// The lines of a rendered screen, without the quotes `TestBackend` adds.
fn lines(screen: &str) -> Vec<String> {
    screen
        .lines()
        .map(|l| l.trim_matches('"').trim_end().to_string())
        .collect()
}

#[test]
fn the_event_screens_counters_fit_or_say_they_go_on() {
    let d = demo::large();
    let mut m = demo::model_at_tickets(&d);
    ch(&mut m, 'q');
    for size in SIZES {
        let screen = render(&mut m, size);
        let lines = lines(&screen);
        let facts = &lines[2..];
        // A line of the body that reaches the right edge ends in `…` unless
        // it ends a figure.
        for l in &lines[1..lines.len() - 1] {
            if l.chars().count() == usize::from(size.0) {
                assert!(
                    l.ends_with('…')
                        || l.ends_with(|c: char| c.is_ascii_digit())
                        || l.ends_with('│'),
                    "cut without …: {l:?} at {size:?}\n{screen}"
                );
            }
        }
        let Some(tickets) = facts
            .iter()
            .position(|l| l.trim_start().starts_with("tickets "))
        else {
            // No room: the facts that do not fit give way to a `…`.
            assert!(
                size.1 < 24 && facts.iter().any(|l| l == "…"),
                "{size:?}\n{screen}"
            );
            continue;
        };
        let counters: String = facts[tickets..]
            .iter()
            .take_while(|l| !l.trim_start().starts_with("stock") && *l != "…" && !l.is_empty())
            .map(|l| l.trim_start_matches(' ').trim_start_matches("tickets "))
            .collect::<Vec<_>>()
            .join(" · ");
        if size.0 >= 80 {
            assert!(counters.ends_with("100,000 total"), "{size:?}\n{screen}");
            let stock = facts.iter().find(|l| l.contains("stock ")).unwrap();
            assert!(
                stock.ends_with(|c: char| c.is_ascii_digit()),
                "{size:?}\n{screen}"
            );
        }
        // Every figure shown is whole.
        for word in counters.split_whitespace() {
            if word.starts_with(|c: char| c.is_ascii_digit()) {
                let groups: Vec<&str> = word.split(',').collect();
                assert!(
                    groups[1..].iter().all(|g| g.len() == 3),
                    "{word} cut at {size:?}\n{screen}"
                );
            }
        }
    }
}

#[test]
fn the_events_list_keeps_its_when_column_at_80_columns() {
    let d = demo::large();
    let mut m = demo::model_at_tickets(&d);
    ch(&mut m, 'q');
    ch(&mut m, 'q');
    for size in [(80, 24), (160, 45)] {
        let screen = render(&mut m, size);
        let header = screen.lines().find(|l| l.contains("name")).unwrap();
        assert!(header.contains("when"), "{size:?}\n{screen}");
        assert!(screen.contains("120,000"), "{size:?}\n{screen}");
        assert!(screen.contains(" later "), "{size:?}\n{screen}");
    }
}

/// Tabs that fit (issue 19, item 5): on every tab, at 40×12, 80×24 and
/// 160×45, the current tab is drawn and bracketed, with its key; tabs left
/// out are told by `…`. The tab lines of every tab are one snapshot a size.
#[test]
fn the_current_tab_is_always_visible_and_marked() {
    let d = demo::load();
    let mut m = demo::model_at_tickets(&d);
    let tabs: Vec<(Option<String>, usize)> = crate::drive::tickets_screen(&m).list.tabs.clone();
    assert!(tabs.len() >= 6, "{tabs:?}");
    for size in SIZES {
        let mut bars = Vec::new();
        for digit in '1'..='6' {
            ch(&mut m, digit);
            let current = crate::drive::tickets_screen(&m).list.tab_index();
            let name = tabs[current].0.clone().unwrap_or_else(|| "all".into());
            let screen = render(&mut m, size);
            let bar = lines(&screen)[1].clone();
            assert!(bar.chars().count() <= usize::from(size.0), "{bar}");
            let open = bar
                .find('[')
                .unwrap_or_else(|| panic!("no current tab: {bar}"));
            assert_eq!(bar.matches('[').count(), 1, "{bar}");
            assert!(
                bar[open..].starts_with(&format!("[{digit} ")),
                "{digit}: {bar}"
            );
            let short: String = name.chars().take(3).collect();
            assert!(bar[open..].contains(&short), "{name}: {bar}");
            let shown = bar
                .split_whitespace()
                .filter(|w| {
                    w.trim_start_matches('[')
                        .parse::<u8>()
                        .is_ok_and(|n| (1..=9).contains(&n))
                })
                .count();
            if shown < tabs.len() {
                assert!(bar.contains('…'), "tabs left out without …: {bar}");
            }
            bars.push(bar);
        }
        insta::assert_snapshot!(format!("tab_bars_{}x{}", size.0, size.1), bars.join("\n"));
    }
}

#[test]
fn the_door_at_a_glance_cuts_none_of_its_numbers() {
    // At 40 columns the moves' counts go to a line of their own (they were
    // cut at "forc").
    let d = demo::large();
    let mut m = demo::model_at_tickets(&d);
    ch(&mut m, ':');
    for c in "door 7".chars() {
        ch(&mut m, c);
    }
    crate::drive::press(&mut m, crossterm::event::KeyCode::Enter);
    for size in SIZES {
        let screen = render(&mut m, size);
        for figure in [
            "inside 0",
            "admitted 0 of",
            "to come",
            "exits 0",
            "conflicts 0",
            "forced 0",
        ] {
            assert!(screen.contains(figure), "{figure} at {size:?}\n{screen}");
        }
    }
}
