import Foundation
import Testing

/// What `play`, `render` and `export` take a file for: its content decides, not only its name. A
/// motion document written as JSON (JSON is YAML) is a document whatever its name; a Lottie file
/// is said to be one.
@Suite struct InputContentTests {
    /// Plans/fade-in.yaml written as JSON, its keys in another order than a timeline's.
    static let fadeIn = """
        {"canvas": {"size": [320, 240], "background": "#F5F5F5"}, "motion": 1,
         "targets": {"card": {"layer": {"position": [160, 120], "size": [200, 120], "opacity": 0}}},
         "transactions": [{"at": 0, "ops": [{"add": "tween", "target": "#card", "property": "opacity",
           "from": 0, "to": 1, "duration": "300ms", "easing": "standard"}]}]}
        """

    @Test("a motion document named .json is run, baked, played and exported as a document")
    func jsonDocuments() throws {
        let directory = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let document = try Motionc.write(Self.fadeIn, to: "fade-in.json", in: directory).path
        let yamlTrace = try Motionc.run(["play", "Plans/fade-in.yaml", "--trace", "-"])
        #expect(yamlTrace.status == 0, "\(yamlTrace.stderr)")
        for command in [["validate"], ["run"], ["bake", "-o", "-"]] {
            let result = try Motionc.run([command[0], document] + command.dropFirst())
            #expect(result.status == 0, "\(command): \(result.stderr)")
        }
        let play = try Motionc.run(["play", document, "--trace", "-"])
        #expect(play.status == 0, "\(play.stderr)")
        // The same rows as the YAML plan it was written from (the same values, one layer).
        #expect(play.stdout == yamlTrace.stdout)
        let lottie = directory.appendingPathComponent("fade-in.lottie.json").path
        let export = try Motionc.run(["export", document, "--to", "lottie", "-o", lottie])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(FileManager.default.fileExists(atPath: lottie))
    }

    @Test("a Lottie file given to play, render or export is said to be one")
    func lottieFiles() throws {
        let directory = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let lottie = directory.appendingPathComponent("card.json").path
        #expect(try Motionc.run(["export", "Plans/fade-in.yaml", "--to", "lottie", "-o", lottie]).status == 0)
        let png = directory.appendingPathComponent("frame.png").path
        for arguments in [
            ["play", lottie], ["render", lottie, "--at", "0", "-o", png],
            ["export", lottie, "--to", "html", "-o", directory.appendingPathComponent("card.html").path],
        ] {
            let result = try Motionc.run(arguments)
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("\(lottie) is a Lottie file"), "\(arguments): \(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["card.json"])
    }

    @Test("a .json file that is neither a timeline, a document nor a Lottie file gets the timeline reader's message")
    func otherJSON() throws {
        let directory = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let other = try Motionc.write(#"{"name": "not motion"}"#, to: "other.json", in: directory).path
        let result = try Motionc.run(["play", other])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("missing key \"timeline\""), "\(result.stderr)")
    }

    @Test("play, render and export read a pipe as run and bake do; every command says a folder is one")
    func pipesAndFolders() throws {
        let binary = Motionc.binary.path
        let piped = try Motionc.runShell("'\(binary)' bake Plans/fade-in.yaml -o - | '\(binary)' play /dev/stdin")
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.hasPrefix("played 0.300 s"), "\(piped.stdout)")
        // `-` is standard input, for every command that reads one input.
        let dash = try Motionc.runShell("'\(binary)' bake Plans/fade-in.yaml -o - | '\(binary)' play -")
        #expect(dash.stdout == piped.stdout, "\(dash.stderr)")
        // A document through a pipe is read once: its bytes tell what it is and are decoded.
        for command in ["play -", "export - --to css -o /dev/null", "render - --at 0.1 -o /dev/null"] {
            let result = try Motionc.runShell("cat Plans/fade-in.yaml | '\(binary)' \(command)")
            #expect(result.status == 0, "\(command): \(result.stderr)")
        }
        let fifo = try Motionc.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: fifo) }
        let named = fifo.appendingPathComponent("plan").path
        let fromFIFO = try Motionc.runShell(
            "mkfifo '\(named)' && (cat Plans/fade-in.yaml > '\(named)' &) && timeout 20 '\(binary)' play '\(named)'")
        #expect(fromFIFO.status == 0, "a named pipe is read once, not waited on again: \(fromFIFO.stderr)")
        #expect(fromFIFO.stdout == piped.stdout)
        let mistake = try Motionc.runShell("echo 'motion: 2' | '\(binary)' validate -")
        #expect(mistake.status == 1)
        #expect(mistake.stdout.hasPrefix("/dev/stdin:1:9: error[D001]"), "\(mistake.stdout)")
        let document = try Motionc.runShell("'\(binary)' export /dev/stdin --to css -o - < Plans/fade-in.yaml")
        #expect(document.status == 0, "\(document.stderr)")
        #expect(document.stdout.contains("@keyframes"))
        for command in [["run"], ["bake", "-o", "-"], ["play"], ["export", "--to", "css", "-o", "-"]] {
            let result = try Motionc.run([command[0], "Plans"] + command.dropFirst())
            #expect(result.status == 2, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("cannot read 'Plans': a folder, not a file"), "\(command): \(result.stderr)")
        }
    }
}
