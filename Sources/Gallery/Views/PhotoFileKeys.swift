import TUI

/// The file keys the grid and the detail pane share, each done on the marked photos, else the one
/// selected or shown: `D` (after a y/n question), `u`, `C` and `M` (a prompt for the folder, Tab
/// completing it), `:` (a prompt for a command), a `[commands]` key and the labels. The prompt or
/// the question they open takes the keys that follow. One place, so a key does the same in both.
@MainActor final class PhotoFileKeys {
    let fileActions: PhotoFileActions
    /// The prompt in the status bar, while open.
    private(set) var prompt: TextField?
    /// What the open prompt's answer is for.
    private var purpose = Purpose.command([])
    /// Tab's folders in `C` and `M`'s prompt, while the text is the one Tab put there.
    private var completion: FolderCompletion?

    private enum Purpose {
        /// The folder the photos are copied or moved to.
        case transfer([LibraryItem], moving: Bool)
        /// A command to run once on the photos.
        case command([LibraryItem])
    }

    init(fileActions: PhotoFileActions) {
        self.fileActions = fileActions
    }

    /// The open prompt or the y/n question takes `key`: whether the scene used it (Ctrl-C is left
    /// to quit); nil when neither is open.
    func take(_ key: Key, in keyMap: KeyMap) -> Bool? {
        if prompt != nil {
            guard key != KeyMap.interrupt else { return false }
            handlePromptKey(key)
            return true
        }
        if fileActions.question != nil {
            // Any key but `y` answers no; Ctrl-C answers no and still quits.
            fileActions.answer(yes: keyMap.actions(for: key, in: .question).contains(.answerYes))
            return key != KeyMap.interrupt
        }
        return nil
    }

    /// Does `action` when it is one of these keys, on `marked`, else `selected`; false for any other.
    func perform(_ action: KeyAction, marked: [LibraryItem], selected: LibraryItem?) -> Bool {
        let chosen = marked.isEmpty ? [selected].compactMap { $0 } : marked
        switch action {
        case .trash: fileActions.askToTrash(chosen)
        case .undo: fileActions.undo()
        case .label(let change): fileActions.label(change, on: chosen)
        case .copyToFolder, .moveToFolder:
            let moving = action == .moveToFolder
            guard let photos = fileActions.chosenPhotos(marked: marked, selected: selected, for: moving ? "moved" : "copied")
            else { return true }
            purpose = .transfer(photos, moving: moving)
            completion = nil
            let what = photos.count == 1 ? "" : " \(photos.count) photos"
            prompt = TextField(prompt: "\(moving ? "move" : "copy")\(what) to: ",
                               text: fileActions.startingFolder(for: photos[0]), maxLength: .max)
        case .typeCommand:
            guard let photos = fileActions.chosenPhotos(marked: marked, selected: selected, for: "given to a command")
            else { return true }
            purpose = .command(photos)
            let what = photos.count == 1 ? "" : " (\(photos.count) photos)"
            prompt = TextField(prompt: "run\(what): ", maxLength: .max)
        case .run(let command):
            guard let photos = fileActions.chosenPhotos(marked: marked, selected: selected, for: "given to a command")
            else { return true }
            fileActions.run(command, on: photos)
        default: return false
        }
        return true
    }

    private func handlePromptKey(_ key: Key) {
        guard var field = prompt else { return }
        if key == .tab, case .transfer(let photos, _) = purpose {
            // Tab again, on the text the last Tab put there, shows the next folder.
            if var shown = completion, shown.current == field.text {
                shown.advance()
                completion = shown
            } else {
                completion = fileActions.folderCompletion(of: field.text, from: photos)
            }
            if let completion { field.replaceText(with: completion.current) }
            prompt = field
            return
        }
        switch field.handle(key) {
        case .submitted(let text):
            prompt = nil
            completion = nil
            switch purpose {
            case .transfer(let photos, let moving): fileActions.transfer(photos, toFolder: text, moving: moving)
            case .command(let photos): fileActions.run(typed: text, on: photos)
            }
        case .cancelled:
            prompt = nil
            completion = nil
        case .editing, .ignored:
            prompt = field
        }
    }
}
