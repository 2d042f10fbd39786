//! The day's report of a door as one SVG (`boxoffice door report --svg`):
//! arrivals per bucket as bars, each split by lane, an exit lane's exits
//! as bars of their own beside them, on one left axis in round steps; and
//! inside over time as a line on its own right axis. Drawn from the
//! figures (`door::stats`), nothing else: every bar's height is its count
//! times one scale. Every text is laid out to fit the canvas (a title too
//! long is cut with "…"): `tests/door_report.rs` reads it back.

use std::fmt::Write as _;

use super::stats::Figures;

const W: f64 = 960.0;
const H: f64 = 460.0;
const LEFT: f64 = 64.0;
const RIGHT: f64 = 64.0;
const TOP: f64 = 84.0;
const BOTTOM: f64 = 72.0;
/// A character's width at most, as a share of its font size (sans-serif):
/// what every text's room is reckoned with.
pub const CHAR_WIDTH: f64 = 0.62;
/// The lanes' colours, in turn.
const COLOURS: [&str; 8] = [
    "#4e79a7", "#f28e2b", "#59a14f", "#b07aa1", "#edc948", "#76b7b2", "#ff9da7", "#9c755f",
];
const EXIT_COLOUR: &str = "#7f7f7f";
const INSIDE_COLOUR: &str = "#e15759";

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Bucket `i`'s bars: `base` their foot, `scale` a count's height.
struct Bar {
    i: usize,
    base: f64,
    scale: f64,
    width: f64,
}

impl Bar {
    /// The bar at `x`: each lane's count (lane, counts per bucket, colour)
    /// stacked from the foot up, as rects of `class`.
    fn stack<'a>(
        &self,
        out: &mut String,
        class: &str,
        x: f64,
        lanes: impl Iterator<Item = (usize, &'a [u64], &'a str)>,
    ) {
        let (bar_w, mut y) = (self.width, self.base);
        for (k, counts, fill) in lanes {
            let c = counts.get(self.i).copied().unwrap_or(0);
            if c == 0 {
                continue;
            }
            let seg = float(c) * self.scale;
            y -= seg;
            let _ = writeln!(
                out,
                "<rect class=\"{class}\" data-lane=\"{k}\" data-count=\"{c}\" x=\"{x:.2}\" y=\"{y:.2}\" \
                 width=\"{bar_w:.2}\" height=\"{seg:.4}\" fill=\"{fill}\"/>",
            );
        }
    }
}

fn float(n: u64) -> f64 {
    f64::from(u32::try_from(n).unwrap_or(u32::MAX))
}

fn chars(s: &str) -> f64 {
    float(s.chars().count() as u64)
}

/// `text` cut to what `room` pixels hold at `size`, with "…" when cut.
fn fit(text: &str, size: f64, room: f64) -> String {
    let each = size * CHAR_WIDTH;
    if chars(text) * each <= room {
        return text.to_string();
    }
    // Room for the "…" first, then as many characters as fit.
    let mut used = each;
    let mut cut = String::new();
    for c in text.chars() {
        if used + each > room {
            break;
        }
        used += each;
        cut.push(c);
    }
    format!("{}…", cut.trim_end())
}

/// An axis in round steps (1, 2 or 5 times a power of ten) from 0 to at
/// least `most`, with at least two steps (three labels).
pub fn steps(most: u64) -> (u64, u64) {
    let most = most.max(1);
    let rough = most.div_ceil(4).max(1);
    let mut power = 1u64;
    while power.saturating_mul(10) <= rough {
        power = power.saturating_mul(10);
    }
    let step = [1, 2, 5, 10]
        .iter()
        .map(|m| m * power)
        .find(|s| *s >= rough)
        .unwrap_or(power * 10);
    let top = most.div_ceil(step).max(2) * step;
    (step, top)
}

/// One text, anchored at `x`: `start`, `middle` or `end`.
fn text(out: &mut String, x: f64, y: f64, size: f64, anchor: &str, fill: &str, body: &str) {
    let _ = writeln!(
        out,
        "<text x=\"{x:.1}\" y=\"{y:.1}\" font-size=\"{size}\" text-anchor=\"{anchor}\" \
         fill=\"{fill}\">{}</text>",
        escape(body)
    );
}

/// The report of `title`'s door: `lanes` each lane's arrivals per bucket
/// of `fig.buckets` (`DoorStats::lane_series`), `exits` each lane's exits
/// (`DoorStats::exit_series`).
pub fn svg(
    title: &str,
    fig: &Figures,
    lanes: &[(String, Vec<u64>)],
    exits: &[(String, Vec<u64>)],
) -> String {
    let slots = fig.buckets.len().max(1);
    let plot_w = W - LEFT - RIGHT;
    let plot_h = H - TOP - BOTTOM;
    let slot = plot_w / float(slots as u64);
    // Lanes with exits get a bar of their own beside the arrivals'.
    let exiting: Vec<(usize, &(String, Vec<u64>))> = exits
        .iter()
        .enumerate()
        .filter(|(_, (_, c))| c.iter().any(|n| *n > 0))
        .collect();
    let bar_w = if exiting.is_empty() {
        (slot * 0.8).max(1.0)
    } else {
        (slot * 0.45).max(1.0)
    };
    let exits_at = |i: usize| -> u64 {
        exiting
            .iter()
            .map(|(_, (_, c))| c.get(i).copied().unwrap_or(0))
            .sum()
    };
    let most = (0..fig.buckets.len())
        .map(|i| fig.buckets[i].arrivals.max(exits_at(i)))
        .max()
        .unwrap_or(0);
    let most_inside = fig.buckets.iter().map(|b| b.inside).max().unwrap_or(0);
    let (step, top) = steps(most);
    let (inside_step, inside_top) = steps(most_inside);
    // One scale for every bar (pixels per person), one for the line.
    let scale = plot_h / float(top);
    let inside_scale = plot_h / float(inside_top);
    let base = TOP + plot_h;
    let per = (fig.bucket_seconds / 60).max(1);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{W}\" height=\"{H}\" \
         viewBox=\"0 0 {W} {H}\" role=\"img\" aria-label=\"{}\" data-scale=\"{scale}\">",
        escape(&format!("The door of {title}: arrivals, exits and inside"))
    );
    let _ = writeln!(
        out,
        "<rect width=\"{W}\" height=\"{H}\" fill=\"#ffffff\"/>\
         <g font-family=\"sans-serif\" fill=\"#333\">"
    );
    // The title, cut to the canvas, and what it shows on a line of its own.
    let room = W - 2.0 * 16.0;
    text(
        &mut out,
        16.0,
        24.0,
        16.0,
        "start",
        "#222",
        &fit(title, 16.0, room),
    );
    let valid = fig
        .valid
        .map_or(String::new(), |v| format!(" of {v} valid"));
    let summary = format!(
        "{} admitted{valid} · {} inside · {} exits at {} UTC",
        fig.admitted,
        fig.inside,
        fig.exits,
        fig.at.get(11..16).unwrap_or(&fig.at)
    );
    text(
        &mut out,
        16.0,
        44.0,
        12.0,
        "start",
        "#555",
        &fit(&summary, 12.0, room),
    );
    // The axes' titles, over each axis.
    text(
        &mut out,
        LEFT,
        TOP - 14.0,
        12.0,
        "start",
        "#333",
        &format!("arrivals and exits per {per} min"),
    );
    text(
        &mut out,
        W - RIGHT,
        TOP - 14.0,
        12.0,
        "end",
        INSIDE_COLOUR,
        "inside",
    );
    // The left axis: a line and a label at every step, a light grid.
    let mut label = 0;
    while label <= top {
        let y = base - float(label) * scale;
        let _ = writeln!(
            out,
            "<line class=\"grid\" x1=\"{LEFT}\" y1=\"{y:.1}\" x2=\"{:.1}\" y2=\"{y:.1}\" stroke=\"#e6e6e6\"/>",
            W - RIGHT
        );
        let _ = writeln!(
            out,
            "<text class=\"y\" x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"end\">{label}</text>",
            LEFT - 6.0,
            y + 4.0
        );
        label += step;
    }
    // The right axis: inside, in the line's colour.
    let mut label = 0;
    while label <= inside_top {
        let y = base - float(label) * inside_scale;
        let _ = writeln!(
            out,
            "<text class=\"y-inside\" x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"start\" \
             fill=\"{INSIDE_COLOUR}\">{label}</text>",
            W - RIGHT + 6.0,
            y + 4.0
        );
        label += inside_step;
    }
    let _ = writeln!(
        out,
        "<line x1=\"{LEFT}\" y1=\"{base}\" x2=\"{:.1}\" y2=\"{base}\" stroke=\"#999\"/>\
         <line x1=\"{LEFT}\" y1=\"{TOP}\" x2=\"{LEFT}\" y2=\"{base}\" stroke=\"#999\"/>\
         <line x1=\"{:.1}\" y1=\"{TOP}\" x2=\"{:.1}\" y2=\"{base}\" stroke=\"{INSIDE_COLOUR}\"/>",
        W - RIGHT,
        W - RIGHT,
        W - RIGHT,
    );
    let mut line = Vec::with_capacity(slots);
    let every = (slots / 8).max(1);
    for (i, b) in fig.buckets.iter().enumerate() {
        let left = LEFT + slot * float(i as u64);
        let pair = if exiting.is_empty() {
            bar_w
        } else {
            bar_w * 2.0
        };
        let x = left + (slot - pair) / 2.0;
        let h = float(b.arrivals) * scale;
        let _ = writeln!(
            out,
            "<g class=\"bucket\"><title>{} UTC: {} arrived, {} left, {} inside</title>\
             <rect class=\"arrivals\" data-count=\"{}\" x=\"{x:.2}\" y=\"{:.2}\" width=\"{bar_w:.2}\" \
             height=\"{h:.4}\" fill=\"none\" stroke=\"none\"/>",
            escape(&b.start),
            b.arrivals,
            exits_at(i),
            b.inside,
            b.arrivals,
            base - h,
        );
        // The bar split by lane, stacked from the bottom; exits beside it,
        // stacked by exit lane.
        let bar = Bar {
            i,
            base,
            scale,
            width: bar_w,
        };
        let arrived = lanes.iter().enumerate();
        let arrived = arrived.map(|(k, (_, c))| (k, c.as_slice(), COLOURS[k % COLOURS.len()]));
        bar.stack(&mut out, "lane", x, arrived);
        let exits = exiting
            .iter()
            .map(|(k, (_, c))| (*k, c.as_slice(), EXIT_COLOUR));
        bar.stack(&mut out, "exit", x + bar_w, exits);
        out.push_str("</g>\n");
        let y = base - float(b.inside) * inside_scale;
        if slots == 1 {
            // One bucket: the line across it, so that it shows.
            line.push(format!("{:.2},{y:.2}", left + slot * 0.1));
            line.push(format!("{:.2},{y:.2}", left + slot * 0.9));
        } else {
            line.push(format!("{:.2},{y:.2}", left + slot / 2.0));
        }
        // A time every so often, and the first.
        if i % every == 0 {
            text(
                &mut out,
                left + slot / 2.0,
                base + 16.0,
                11.0,
                "middle",
                "#333",
                b.start.get(11..16).unwrap_or(&b.start),
            );
        }
    }
    let _ = writeln!(
        out,
        "<polyline class=\"inside\" fill=\"none\" stroke=\"{INSIDE_COLOUR}\" stroke-width=\"2\" \
         points=\"{}\"/>",
        line.join(" ")
    );
    // The legend: each series drawn, its colour, what it is and its total.
    let mut entries: Vec<(String, &str, String)> = Vec::new();
    for (k, (name, counts)) in lanes.iter().enumerate() {
        let total: u64 = counts.iter().sum();
        if total > 0 {
            entries.push((
                format!("lane:{k}"),
                COLOURS[k % COLOURS.len()],
                format!("{name}: {total} in"),
            ));
        }
    }
    for (k, (name, counts)) in &exiting {
        let total: u64 = counts.iter().sum();
        entries.push((
            format!("exit:{k}"),
            EXIT_COLOUR,
            format!("{name}: {total} exits"),
        ));
    }
    entries.push(("inside".into(), INSIDE_COLOUR, "inside (right axis)".into()));
    let mut x = LEFT;
    let mut y = H - 30.0;
    for (series, colour, label) in entries {
        let w = 14.0 + chars(&label) * 11.0 * CHAR_WIDTH + 18.0;
        if x + w > W - 16.0 && x > LEFT {
            x = LEFT;
            y += 16.0;
        }
        let label = fit(&label, 11.0, W - 16.0 - x - 14.0);
        let _ = writeln!(
            out,
            "<rect class=\"legend\" data-series=\"{series}\" x=\"{x:.1}\" y=\"{:.1}\" width=\"10\" \
             height=\"10\" fill=\"{colour}\"/>",
            y - 9.0
        );
        text(&mut out, x + 14.0, y, 11.0, "start", "#333", &label);
        x += w;
    }
    out.push_str("</g>\n</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// An axis up to any count has round steps, at least three labels
        /// and room for the count.
        #[test]
        fn an_axis_is_in_round_steps_with_three_labels_at_least(most in 0u64..2_000_000) {
            let (step, top) = steps(most);
            let mut power = 1;
            while power * 10 <= step {
                power *= 10;
            }
            prop_assert!([1, 2, 5].contains(&(step / power)) && step % power == 0, "{}", step);
            prop_assert!(top >= most && top % step == 0);
            prop_assert!(top / step >= 2, "{} / {}", top, step);
            prop_assert!(top / step <= 8, "{} / {}", top, step);
        }

        /// A text cut to its room fits it.
        #[test]
        fn a_text_cut_to_its_room_fits(text in ".{0,200}", room in 40.0f64..900.0) {
            let cut = fit(&text, 12.0, room);
            prop_assert!(chars(&cut) * 12.0 * CHAR_WIDTH <= room + 0.001);
        }
    }
}
