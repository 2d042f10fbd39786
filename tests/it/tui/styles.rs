//! Meaning that rides on style, which text snapshots drop: a status cell's
//! colour and the selected row's style, read from the rendered buffer.

use boxoffice::app::{Model, Msg, update, view};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};

use crate::drive::at_tickets;

fn buffer(m: &mut Model, (w, h): (u16, u16)) -> Buffer {
    update(m, Msg::Resize(w, h));
    let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
    term.draw(|f| view(m, f)).unwrap();
    term.backend().buffer().clone()
}

fn line(buf: &Buffer, y: u16) -> String {
    (buf.area.x..buf.area.x + buf.area.width)
        .map(|x| buf[(x, y)].symbol().to_string())
        .collect()
}

/// Where `text` is first shown in a table row that is not selected.
fn in_rows(buf: &Buffer, text: &str) -> (u16, u16) {
    let header = (0..buf.area.height)
        .find(|&y| line(buf, y).contains("number"))
        .unwrap();
    for y in header + 1..buf.area.height {
        let l = line(buf, y);
        if l.starts_with('›') {
            continue;
        }
        if let Some(byte) = l.find(text) {
            return (u16::try_from(l[..byte].chars().count()).unwrap(), y);
        }
    }
    panic!("{text} is in no row")
}

/// The line of the selected row.
fn selected_row(buf: &Buffer) -> u16 {
    (0..buf.area.height)
        .find(|&y| line(buf, y).starts_with('›'))
        .unwrap()
}

#[test]
fn statuses_have_their_colour_and_the_selection_its_style() {
    let (mut m, _) = at_tickets(1);
    m.no_color = false;
    let buf = buffer(&mut m, (120, 30));

    let (x, y) = in_rows(&buf, "unenrolled");
    assert_eq!(buf[(x, y)].fg, Color::Red, "unenrolled is red");
    let (x, y) = in_rows(&buf, "pending");
    assert_eq!(buf[(x, y)].fg, Color::Yellow, "pending is yellow");
    let (x, y) = in_rows(&buf, "confirmed");
    assert_eq!(buf[(x, y)].fg, Color::Green, "confirmed is green");

    // The selected row: a marker, and the selection style across the row.
    let y = selected_row(&buf);
    let cell = &buf[(5, y)];
    assert_eq!(cell.bg, Color::Blue);
    assert!(cell.modifier.contains(Modifier::BOLD));
    // Another row has no background.
    assert_eq!(buf[(5, y + 1)].bg, Color::Reset);
}

#[test]
fn without_colour_the_selection_is_reversed_and_statuses_are_words() {
    let (mut m, _) = at_tickets(1);
    let buf = buffer(&mut m, (120, 30));
    let y = selected_row(&buf);
    assert!(buf[(5, y)].modifier.contains(Modifier::REVERSED));
    let (x, y) = in_rows(&buf, "unenrolled");
    assert_eq!(buf[(x, y)].fg, Color::Reset);
}
