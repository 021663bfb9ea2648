-- Edits in the buffer (Neovim's incremental didChange) and changes on disk (Neovim 0.7 cannot
-- watch files for a server, so the server's own folder watching must notice) update diagnostics.
local h = dofile(os.getenv('MCP_CATALOG_NVIM_DIR') .. '/helper.lua')

local function has(code, line)
  return function(d)
    for _, x in ipairs(d) do
      if x.code == code and (line == nil or x.lnum == line) then return true end
    end
    return false
  end
end

local function lacks(code)
  local present = has(code)
  return function(d) return not present(d) end
end

local function both(a, b)
  return function(d) return a(d) and b(d) end
end

h.run(function()
  local bufnr = h.start({ settings = { knownVariables = { 'SLACK_BOT_TOKEN', 'STRAD_API_KEY', 'ZIMMER_PROD_API_KEY' } } })
  local timeout_line = h.line_of(bufnr, '"startup_timeout_sec": 4')
  local variable_line = h.line_of(bufnr, '${SLACK_TEAM_ID}')
  if not h.expect(bufnr, both(has('timeout-range', timeout_line), has('unresolved-variable', variable_line)), 'the planted problems arrive') then return end

  -- 1. Fix the timeout in the buffer.
  h.set_lines(bufnr, timeout_line, timeout_line + 1, { '    "startup_timeout_sec": 30,' })
  h.expect(bufnr, both(lacks('timeout-range'), has('unresolved-variable', variable_line)), 'fixing the value in the buffer clears timeout-range')

  -- 2. Break it differently.
  h.set_lines(bufnr, timeout_line, timeout_line + 1, { '    "startup_timeout_sec": "20",' })
  h.expect(bufnr, has('timeout-type', timeout_line), 'a quoted value gives timeout-type on that line')

  -- 3. Insert a line above everything: every diagnostic moves down one line.
  h.set_lines(bufnr, 1, 1, { '  "padding": { "type": "stdio", "command": "pad" },' })
  h.expect(bufnr, both(has('timeout-type', timeout_line + 1), has('unresolved-variable', variable_line + 1)), 'an inserted line moves the diagnostics down')

  -- 4. On disk: the roots index loses "fleet-maintenance", which zimmer-fleet lists.
  local dir = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(bufnr), ':p:h')
  local roots_path = dir .. '/roots.json'
  local original = h.read_file(roots_path)
  local roots = vim.json.decode(original)
  roots['fleet-maintenance'] = nil
  h.write_file(roots_path, vim.json.encode(roots))
  local fleet_line = h.line_of(bufnr, '"fleet-maintenance"')
  local after_write = h.expect(bufnr, has('undefined-root', fleet_line), 'a root removed on disk gives undefined-root')
  if after_write then
    for _, d in ipairs(after_write) do
      if d.code == 'undefined-root' then
        h.equal('undefined-root is an error', d.severity, vim.diagnostic.severity.ERROR)
        h.equal('undefined-root data names the root', d.data and d.data.name, 'fleet-maintenance')
      end
    end
  end

  -- 5. Restored on disk: the error goes again.
  h.write_file(roots_path, original)
  h.expect(bufnr, both(lacks('undefined-root'), has('timeout-type', timeout_line + 1)), 'restoring the roots index clears undefined-root')
end)
