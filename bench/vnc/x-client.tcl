# A changing X client for bench/vnc-wan's Xvnc part (Debian's tk8.6: /usr/bin/wish; no window
# manager needed). An 800x480 window at the screen's origin: a counter and a moving bar redrawn HZ
# times a second (one line "tick" on stdout per change, so the bench counts the change rate), and a
# START button at x 40, y 360, 160 x 80 (wan-xvnc.ts's X_BUTTON) that swaps its colour when clicked.
# Usage: DISPLAY=:n wish x-client.tcl HZ
set hz [expr {[llength $argv] > 0 ? double([lindex $argv 0]) : 10.0}]
wm overrideredirect . 1
wm geometry . 800x480+0+0
canvas .c -width 800 -height 480 -background #1e2a36 -highlightthickness 0
pack .c
set count [.c create text 40 60 -anchor nw -fill #e8f0f8 -font {Helvetica 40} -text 0]
set bar [.c create rectangle 40 180 40 240 -fill #4caf50 -outline {}]
set button [.c create rectangle 40 360 200 440 -fill #607d8b -outline {}]
.c create text 120 400 -fill #ffffff -font {Helvetica 20} -text START
set n 0
set on 0

proc tick {} {
  global n count bar hz
  incr n
  .c itemconfigure $count -text $n
  .c coords $bar 40 180 [expr {40 + ($n * 37) % 720}] 240
  puts tick
  flush stdout
  after [expr {int(1000 / $hz)}] tick
}

proc press {} {
  global on button
  set on [expr {!$on}]
  .c itemconfigure $button -fill [expr {$on ? "#e53935" : "#607d8b"}]
}

.c bind $button <Button-1> press
after 200 tick
puts ready
flush stdout
